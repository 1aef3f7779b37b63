import Foundation
import Testing
import PageReelDeck
@testable import PageReelTimeline

/// `physics.model`: position over time against each library's formulas, written out here from
/// `../shared/reference/paging-catalogues.md` (iCarousel §1.7, ViewPager §2.1, Swiper §3.1) and
/// the libraries' sources they cite. Pages are 600 pt, five of them.
@Suite struct MotionModelTests {
    static let w = TestDeck.width

    static func timeline(_ model: Physics.Model, _ script: [Step], configure: (inout Deck) -> Void = { _ in })
        throws -> Timeline {
        try Timeline(deck: TestDeck.make(script: script) { deck in
            deck.physics.model = model
            configure(&deck)
        })
    }

    static func drag(_ by: Double, _ duration: Double) -> Step { Step(.drag(Step.Drag(by: by, duration: duration))) }

    /// Position (pages) at `t` against `expected`, over the times given.
    static func follows(_ timeline: Timeline, _ times: [Double], _ expected: (Double) -> Double,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        for t in times {
            let p = timeline.state(at: t).position
            #expect(abs(p - expected(t)) < 1e-9, "at \(t): \(p) != \(expected(t))", sourceLocation: sourceLocation)
        }
    }

    /// iCarousel's cubic ease-in-out (`easeInOut:`).
    static func iCarouselEase(_ t: Double) -> Double {
        t < 0.5 ? 0.5 * pow(2 * t, 3) : 0.5 * pow(2 * t - 2, 3) + 1
    }

    // MARK: iCarousel

    /// A flick of 0.35 page lifting at 3.89 items/s (over 2): with paging on it decelerates to
    /// ceil(0.35) = 1 in T = |1 − 0.35| / |v/2|, as x₀ + v·t − (v/T)·t²/2, then rests there (the
    /// 0.01 s boundary scroll).
    @Test func iCarouselFlickDecelerates() throws {
        let v = 2 * 0.35 / 0.18
        let t = try Self.timeline(.icarousel, [Step(.drag(Step.Drag(by: 0.35, duration: 0.18, velocity: v * Self.w)))])
        let T = 0.65 / (0.5 * v)
        Self.follows(t, TestDeck.times(from: 0.18, to: 0.18 + T, step: T / 16)) { time in
            let s = time - 0.18
            return 0.35 + v * s - (v / T) * s * s / 2
        }
        #expect(t.state(at: 0.18 + 0.1).phase == .decelerating)
        #expect(abs(t.duration - (0.18 + T + 0.01 + 0.5)) < 1e-9)
        #expect(t.state(at: t.duration).offset == Self.w)
    }

    /// A swipe lifts at 0.35/0.18 = 1.94 items/s, under the 2 iCarousel needs: back to item 0.
    @Test func iCarouselSwipeIsTooSlow() throws {
        let t = try Self.timeline(.icarousel, [Step(.swipe(.next))])
        Self.follows(t, TestDeck.times(from: 0.18, to: 0.58, step: 0.025)) { 0.35 - 0.35 * Self.iCarouselEase(($0 - 0.18) / 0.4) }
    }

    /// Slower than 2 items/s: no deceleration, `scrollToItemAtIndex` to the nearest item in 0.4 s.
    @Test func iCarouselSlowReleaseEasesToTheNearestItem() throws {
        let t = try Self.timeline(.icarousel, [Self.drag(0.3, 1), Self.drag(0.6, 1)])
        Self.follows(t, TestDeck.times(from: 1, to: 1.4, step: 0.025)) { 0.3 - 0.3 * Self.iCarouselEase(($0 - 1) / 0.4) }
        // 0.6 rounds to item 1.
        Self.follows(t, TestDeck.times(from: 2.4, to: 2.8, step: 0.025)) { 0.6 + 0.4 * Self.iCarouselEase(($0 - 2.4) / 0.4) }
        #expect(t.state(at: t.duration).position == 1)
    }

    /// Paging off, `stopAtItemBoundary`: a fling of 5 items/s glides v/3 = 1.67 items, to
    /// ceil(1.67) = 2, in T = 2/(v/2) = 0.8 s.
    @Test func iCarouselFreeFlingStopsOnAnItemBoundary() throws {
        let t = try Self.timeline(.icarousel, [Step(.fling(velocity: 5 * Self.w))]) { $0.physics.paging = false }
        let v = 5.0, T = 0.8
        Self.follows(t, TestDeck.times(to: T, step: 0.05)) { v * $0 - (v / T) * $0 * $0 / 2 }
        #expect(t.state(at: t.duration).position == 2)
    }

    /// Jumps are `scrollToItemAtIndex:animated:`: 0.4 s on its ease, direct or one item at a time.
    @Test func iCarouselJumps() throws {
        let direct = try Self.timeline(.icarousel, [Step(.jump(Step.Jump(to: 3, through: false)))])
        Self.follows(direct, TestDeck.times(to: 0.4, step: 0.02)) { 3 * Self.iCarouselEase($0 / 0.4) }
        let walk = try Self.timeline(.icarousel, [Step(.jump(Step.Jump(to: 2)))])
        Self.follows(walk, TestDeck.times(from: 0.4, to: 0.8, step: 0.02)) { 1 + Self.iCarouselEase(($0 - 0.4) / 0.4) }
        #expect(abs(walk.duration - 1.3) < 1e-9)
    }

    // MARK: ViewPager

    /// `smoothScrollTo`'s duration for `dx` points at `velocity` (0 = a jump), in seconds.
    static func settle(_ dx: Double, velocity: Double, width: Double = w, pitch: Double = w) -> Double {
        let half = width / 2
        let distance = half + half * sin((min(1, abs(dx) / width) - 0.5) * 0.3 * .pi / 2)
        let ms = velocity != 0 ? 4 * (1000 * abs(distance / velocity)).rounded() : ((abs(dx) / pitch + 1) * 100).rounded(.down)
        return min(ms, 600) / 1000
    }

    /// A swipe (210 pt at 1167 pt/s: a fling) goes to page 1 on (u − 1)⁵ + 1, in 4·round(1000 ·
    /// 321.18/1166.7) = 1100 ms, capped at 600; a faster flick in 4·round(1000 · 321.18/2333.3) = 552.
    @Test func androidSwipeSettles() throws {
        let t = try Self.timeline(.android, [Step(.swipe(.next))])
        let d = Self.settle(390, velocity: 0.35 * Self.w / 0.18)
        #expect(abs(d - 0.6) < 1e-12)
        #expect(abs(Self.settle(390, velocity: 2 * 0.35 * Self.w / 0.18) - 0.552) < 1e-12)
        let flick = try Self.timeline(.android, [Step(.drag(Step.Drag(by: 0.35, duration: 0.18, velocity: 2 * 0.35 * Self.w / 0.18)))])
        Self.follows(flick, TestDeck.times(from: 0.18, to: 0.18 + 0.552, step: 0.552 / 16)) {
            0.35 + 0.65 * (pow(($0 - 0.18) / 0.552 - 1, 5) + 1)
        }
        Self.follows(t, TestDeck.times(from: 0.18, to: 0.18 + d, step: d / 16)) {
            0.35 + 0.65 * (pow(($0 - 0.18) / d - 1, 5) + 1)
        }
    }

    /// Slower than 400 dp/s the page must be dragged 60 % of the way (the truncator 0.4).
    @Test func androidSlowDragsNeedSixtyPercent() throws {
        let back = try Self.timeline(.android, [Self.drag(0.55, 1)])
        let d = Self.settle(0.55 * Self.w, velocity: 0.55 * Self.w)
        Self.follows(back, TestDeck.times(from: 1, to: 1 + d, step: d / 8)) { 0.55 - 0.55 * (pow(($0 - 1) / d - 1, 5) + 1) }
        let on = try Self.timeline(.android, [Self.drag(0.65, 1)])
        #expect(on.state(at: on.duration).position == 1)
        // Going back from page 2, 0.55 of a page is not enough, 0.65 is.
        let stay = try Self.timeline(.android, [Step(.jump(Step.Jump(to: 2, through: false))), Self.drag(-0.55, 1)])
        #expect(stay.state(at: stay.duration).position == 2)
        let prev = try Self.timeline(.android, [Step(.jump(Step.Jump(to: 2, through: false))), Self.drag(-0.65, 1)])
        #expect(prev.state(at: prev.duration).position == 1)
    }

    /// `setCurrentItem(item, true)`: (pages + 1) · 100 ms, at most 600.
    @Test func androidJumps() throws {
        let direct = try Self.timeline(.android, [Step(.jump(Step.Jump(to: 3, through: false)))])
        Self.follows(direct, TestDeck.times(to: 0.4, step: 0.02)) { 3 * (pow($0 / 0.4 - 1, 5) + 1) }
        let far = try Self.timeline(.android, [Step(.jump(Step.Jump(to: 4, through: false)))], configure: { _ in })
        #expect(abs(far.duration - (0.5 + 0.5)) < 1e-9)
        let walk = try Self.timeline(.android, [Step(.jump(Step.Jump(to: 2)))])
        Self.follows(walk, TestDeck.times(from: 0.2, to: 0.4, step: 0.02)) { 1 + (pow(($0 - 0.2) / 0.2 - 1, 5) + 1) }
    }

    // MARK: Swiper

    static func ease(_ u: Double) -> Double { EasingTests.cssEase(min(max(u, 0), 1)) }

    /// A swipe under 300 ms is a short swipe: on to the next slide, 300 ms on `ease`.
    @Test func swiperShortSwipe() throws {
        let t = try Self.timeline(.swiper, [Step(.swipe(.next))])
        Self.follows(t, TestDeck.times(from: 0.18, to: 0.48, step: 0.015)) { 0.35 + 0.65 * Self.ease(($0 - 0.18) / 0.3) }
        #expect(abs(t.duration - (0.48 + 0.5)) < 1e-9)
    }

    /// Longer than 300 ms it needs `longSwipesRatio` 0.5: forward at 0.5, back at 0.45.
    @Test func swiperLongSwipes() throws {
        let back = try Self.timeline(.swiper, [Self.drag(0.45, 1)])
        Self.follows(back, TestDeck.times(from: 1, to: 1.3, step: 0.015)) { 0.45 - 0.45 * Self.ease(($0 - 1) / 0.3) }
        let on = try Self.timeline(.swiper, [Self.drag(0.5, 1)])
        #expect(on.state(at: on.duration).position == 1)
        // Backwards from 2: ratio 0.55 (> 1 − 0.5) stays, 0.45 goes back.
        let stay = try Self.timeline(.swiper, [Step(.jump(Step.Jump(to: 2, through: false))), Self.drag(-0.45, 1)])
        #expect(stay.state(at: stay.duration).position == 2)
        let prev = try Self.timeline(.swiper, [Step(.jump(Step.Jump(to: 2, through: false))), Self.drag(-0.55, 1)])
        #expect(prev.state(at: prev.duration).position == 1)
    }

    /// `slideTo`: 300 ms whatever the distance; past the first slide, back to it.
    @Test func swiperJumpsAndEnds() throws {
        let jump = try Self.timeline(.swiper, [Step(.jump(Step.Jump(to: 4, through: false)))])
        Self.follows(jump, TestDeck.times(to: 0.3, step: 0.015)) { 4 * Self.ease($0 / 0.3) }
        let end = try Self.timeline(.swiper, [Self.drag(-0.3, 0.5)])
        let start = end.state(at: 0.5).position
        #expect(start < 0)
        Self.follows(end, TestDeck.times(from: 0.5, to: 0.8, step: 0.015)) { start - start * Self.ease(($0 - 0.5) / 0.3) }
    }

    /// A script's own step and duration still set a jump's length, on the model's curve.
    @Test func givenDurationsWin() throws {
        let t = try Self.timeline(.swiper, [Step(.jump(Step.Jump(to: 2, through: false, duration: 1)))])
        Self.follows(t, TestDeck.times(to: 1, step: 0.05)) { 2 * Self.ease($0) }
    }

    // MARK: Past the ends

    /// iCarousel's drag, integrated here point by point as `didPan:` does it: each step of the
    /// finger moves the content by k = 1 − min(overshoot, 1 item)/1 item. Its closed form in the
    /// timeline must agree with the summed steps.
    @Test func iCarouselResistsWithItsFactor() throws {
        let t = try Self.timeline(.icarousel, [Step(.drag(Step.Drag(by: -0.6, duration: 0.6, release: false)))])
        var overshoot = 0.0, finger = 0.0
        let step = 0.001                                     // points of finger per iteration
        for time in TestDeck.times(from: 0.1, to: 0.6, step: 0.1) {
            let target = 0.6 * Self.w * time / 0.6
            while finger < target {
                let k = 1 - min(overshoot, Self.w) / Self.w
                overshoot += step * k
                finger += step
            }
            #expect(abs(-t.state(at: time).offset - overshoot) < 0.01, "at \(time)")
        }
    }

    /// Swiper's resistance: x points of finger past the end show x^0.85 − 1.
    @Test func swiperResistsWithItsRatio() throws {
        let t = try Self.timeline(.swiper, [Step(.drag(Step.Drag(by: -0.5, duration: 0.5, release: false)))])
        for time in TestDeck.times(from: 0.05, to: 0.5, step: 0.05) {
            let x = 0.5 * Self.w * time / 0.5
            #expect(abs(-t.state(at: time).offset - (pow(x, 0.85) - 1)) < 1e-9, "at \(time)")
        }
    }

    /// ViewPager stops at the ends: a drag past the first page leaves it there, and one past the
    /// last comes back the moment the finger does.
    @Test func androidStopsAtTheEnds() throws {
        let t = try Self.timeline(.android, [Step(.drag(Step.Drag(by: -0.5, duration: 0.5)))])
        #expect(TestDeck.times(to: t.duration, step: 0.01).allSatisfy { t.state(at: $0).offset == 0 })
        let last = try Self.timeline(.android, [Step(.jump(Step.Jump(to: 4, through: false))),
                                                Step(.drag(Step.Drag(by: 0.3, duration: 0.3)))])
        #expect(TestDeck.times(to: last.duration, step: 0.01).allSatisfy { last.state(at: $0).offset <= 4 * Self.w })
    }

    /// A fling from rest moves on as each library moves a flick just off the page.
    @Test(arguments: [Physics.Model.icarousel, .android, .swiper])
    func flingFromRest(_ model: Physics.Model) throws {
        let on = try Self.timeline(model, [Step(.jump(Step.Jump(to: 2, through: false))), Step(.fling(velocity: 3000))])
        #expect(on.state(at: on.duration).position == 3)
        let back = try Self.timeline(model, [Step(.jump(Step.Jump(to: 2, through: false))), Step(.fling(velocity: -3000))])
        #expect(back.state(at: back.duration).position == 1)
    }
}
