import Foundation
import Testing
import PageReelDeck
@testable import PageReelTimeline

/// `layout.wrap`: the page after the last is the first for every step, jumps take the short way
/// (iCarousel's `minScrollDistanceFromIndex`), and what is shown stays within one turn.
@Suite struct WrapTimelineTests {
    static let w = TestDeck.width

    static func timeline(pages: Int = 5, _ script: [Step], model: Physics.Model = .uikit,
                         configure: (inout Deck) -> Void = { _ in }) throws -> Timeline {
        try Timeline(deck: TestDeck.make(pages: pages, script: script) { deck in
            deck.layout.wrap = true
            deck.physics.model = model
            configure(&deck)
        })
    }

    static func end(_ t: Timeline) -> TimelineState { t.state(at: t.duration) }

    @Test(arguments: Physics.Model.allCases)
    func swipingBackFromTheFirstPageShowsTheLast(_ model: Physics.Model) throws {
        // iCarousel needs a flick faster than a swipe to move on.
        let back = model == .icarousel ? Step(.drag(Step.Drag(by: -0.35, duration: 0.18, velocity: -3000))) : Step(.swipe(.prev))
        let forward = model == .icarousel ? Step(.drag(Step.Drag(by: 0.35, duration: 0.18, velocity: 3000))) : Step(.swipe(.next))
        let t = try Self.timeline([back], model: model)
        #expect(Self.end(t).position == 4 && Self.end(t).offset == 4 * Self.w)
        // On the way, what is shown is within [0, 5 pages): just under 5, never negative.
        let mid = t.state(at: 0.1)
        #expect(mid.offset > 4 * Self.w && mid.offset < 5 * Self.w)
        let next = try Self.timeline([Step(.jump(Step.Jump(to: 4, through: false))), forward], model: model)
        #expect(Self.end(next).position == 0 && Self.end(next).offset == 0)
    }

    /// No rubber band at the ends: a drag past page 0 moves 1:1 into the last page.
    @Test func dragsPassTheEndsFreely() throws {
        let t = try Self.timeline([Step(.drag(Step.Drag(by: -0.5, duration: 0.5, release: false)))])
        #expect(abs(t.state(at: 0.5).position - 4.5) < 1e-12)
        #expect(abs(t.state(at: 0.25).offset - (5 * Self.w - 0.25 * Self.w)) < 1e-9)
    }

    /// From 0 to 4 of 5 is one page back; to 2 is two forward; in 4 pages, 0 to 2 is a tie, taken
    /// the direct way.
    @Test func jumpsGoTheShortWay() throws {
        let back = try Self.timeline([Step(.jump(Step.Jump(to: 4, through: false, duration: 1)))])
        // 1 page back on the ease: at a quarter, 1 − (1 − e(0.25)) … shown as page 4.x.
        let e = Step.Curve.easeInOut
        for time in [0.25, 0.5, 0.75] {
            let expected = 5 - e.value(time)
            #expect(abs(back.state(at: time).position - expected) < 1e-9)
        }
        #expect(Self.end(back).position == 4)
        let walk = try Self.timeline([Step(.jump(Step.Jump(to: 3)))])
        // Two steps back (0 → 4 → 3), not three forward.
        #expect(abs(walk.duration - (0.6 + 0.5)) < 1e-12)
        #expect(walk.state(at: 0.3).position == 4)
        let tie = try Self.timeline(pages: 4, [Step(.jump(Step.Jump(to: 2, through: false, duration: 1)))])
        #expect(abs(tie.state(at: 0.5).position - 1) < 1e-12)
    }

    @Test func tapsGoTheShortWay() throws {
        let t = try Self.timeline([Step(.tap(tab: 4))]) { $0.tabs = Tabs(titles: ["A", "B", "C", "D", "E"]) }
        // 0.12 s touch, then one 0.3 s step back.
        #expect(abs(t.duration - (0.12 + 0.3 + 0.5)) < 1e-12)
        #expect(Self.end(t).position == 4)
    }

    /// A free glide runs on round the pages without bouncing: UIKit's closed form, wrapped.
    @Test func freeGlidesRunRound() throws {
        let v = 20_000.0, d = 0.998
        let t = try Self.timeline([Step(.fling(velocity: v))]) { $0.physics.paging = false }
        let lambda = 1000 * log(d)
        for time in [0.2, 0.5, 1.0, 2.0] {
            let x = v * (exp(lambda * time) - 1) / lambda
            let turn = 5 * Self.w
            let shown = x - turn * (x / turn).rounded(.down)
            #expect(abs(t.state(at: time).offset - shown) < 1e-6)
        }
        #expect(t.segments.allSatisfy { $0.phase != .bouncing })
    }

    /// A held finger carried past the end of the turn keeps its start page: released slowly at 0.1
    /// page past the last page it rests on the first (one page from where the touch began).
    @Test(arguments: [Physics.Model.uikit, .android, .swiper])
    func aHeldTouchGoesRound(_ model: Physics.Model) throws {
        let t = try Self.timeline([Step(.jump(Step.Jump(to: 4, through: false))),
                                   Step(.drag(Step.Drag(by: 0.8, duration: 2, release: false))), Step(.wait(0.2)),
                                   Step(.drag(Step.Drag(by: 0.3, duration: 2, release: false))), Step(.fling(velocity: 0))],
                                  model: model)
        #expect(Self.end(t).position == 0 && Self.end(t).offset == 0)
    }

    /// However far a fling carries the content round, the steps after it still land on their pages.
    @Test(arguments: Physics.Model.allCases)
    func hugeFlingsStayCountable(_ model: Physics.Model) throws {
        let t = try Self.timeline([Step(.fling(velocity: 1e300)), Step(.jump(Step.Jump(to: 2)))],
                                  model: model) { $0.physics.paging = model == .android || model == .swiper }
        #expect(Self.end(t).position == 2 && Self.end(t).offset == 2 * Self.w)
        #expect(TestDeck.times(to: t.duration, step: 0.05).allSatisfy {
            let state = t.state(at: $0)
            return state.offset >= 0 && state.offset < 5 * Self.w
        })
    }

    /// The lifecycle names the deck's pages: swiping back from 0 shows 4.
    @Test func eventsNameTheDecksPages() throws {
        let t = try Self.timeline([Step(.swipe(.prev))])
        let events = t.events(fps: 30)
        #expect(events.contains { $0.page == 4 && $0.event == .pageChanged })
        #expect(events.contains { $0.page == 4 && $0.event == .didAppear })
        #expect(events.allSatisfy { (0..<5).contains($0.page) })
    }
}
