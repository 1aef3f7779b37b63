import Foundation
import PageReelDeck

// The paging libraries' motion (`physics.model`), restated from
// `../shared/reference/paging-catalogues.md`: iCarousel §1.7, ViewPager §2.1 (AndroidX
// `determineTargetPage` and `smoothScrollTo`), Swiper §3.1. Positions are in pages (one page =
// the layout's pitch, the libraries' item, page or slide with its gap); velocities in points per
// second, toward the next page. A `fling` from rest, which none of them has, moves as their
// release of a flick that has just left the page in its direction.
extension TimelineBuilder {
    /// iCarousel's release (`didPan:` ended): above 2 items/s it decelerates at a constant rate
    /// (decelerationRate 0.95) to `ceil`/`floor` of the start (`pagingEnabled`) or of where the
    /// glide would stop (`stopAtItemBoundary`), then scrolls to the item boundary in 0.4 s.
    mutating func releaseICarousel(velocity: Double, touch: Lift?) {
        let v = velocity / bounds.pageWidth                      // items/s
        let position = decisionPosition(velocity: velocity, touch: touch)
        let speedThreshold = 2.0, decelerateThreshold = 0.1, distanceThreshold = 0.1
        let rate = 0.95, bounceDistance = 1.0
        // a = −v·30·(1 − rate); the glide's length is −v²/(2a).
        let acceleration = -v * 30 * (1 - rate)
        let glide = acceleration == 0 ? 0 : -(v * v) / (2 * acceleration)
        if abs(v) > speedThreshold, abs(glide) > decelerateThreshold {
            var end = position + glide
            if physics.paging {
                end = glide > 0 ? position.rounded(.up) : position.rounded(.down)
            } else {
                end = glide > 0 ? end.rounded(.up) : end.rounded(.down)
            }
            if !bounds.wraps {
                let n = Double(bounds.pageCount)
                end = bounds.bounces ? min(max(end, -bounceDistance), n - 1 + bounceDistance) : min(max(end, 0), n - 1)
            }
            // Wrapping, however fast the fling, no further than a whole number of pages can count.
            end = min(max(end, -1e15), 1e15)
            let distance = end - bounds.position(offset)
            if distance != 0 {
                let duration = abs(distance) / abs(0.5 * v)
                append(.eased(from: offset, distance: distance * bounds.pageWidth, duration: duration,
                              easing: .decelerate),
                       phase: .decelerating, until: now + duration)
                offset = bounds.offset(ofPage: Int(end))
            }
            iCarouselScrollToBoundary(shouldScrollBy: nil)
        } else {
            let index = Double(iCarouselCurrentIndex)
            let scrolls = abs(v) > speedThreshold && abs(bounds.position(offset) - index) > distanceThreshold
            iCarouselScrollToBoundary(shouldScrollBy: scrolls ? (v > 0 ? 1 : -1) : nil)
        }
    }

    /// `currentItemIndex`: the nearest item (C `round`, halves away from zero), within the items.
    private var iCarouselCurrentIndex: Int {
        let page = bounds.position(offset).rounded(.toNearestOrAwayFromZero)
        return bounds.clampPage(ScrollBounds.pageNumber(page))
    }

    /// `scrollToItemBoundary`: a 0.01 s no-op scroll when on an item already, else
    /// `scrollToItemAtIndex:animated:` (0.4 s cubic ease-in-out) to the current item, or one on
    /// by `shouldScrollBy`.
    private mutating func iCarouselScrollToBoundary(shouldScrollBy step: Int?) {
        let index = iCarouselCurrentIndex
        if abs(bounds.position(offset) - Double(index)) < 1e-6 {
            let rest = bounds.offset(ofPage: index)
            append(.hold(rest), phase: .snapping, until: now + 0.01)
            offset = rest
            return
        }
        let target = bounds.clampPage(index + (step ?? 0))
        libraryMove(to: bounds.offset(ofPage: target), duration: 0.4, phase: .snapping)
    }

    /// ViewPager's release (`onTouchEvent` ACTION_UP): a fling (more than 25 dp dragged, faster
    /// than 400 dp/s) goes on to the next page in its direction; otherwise the page must have
    /// been dragged 60 % of the way (`determineTargetPage`'s truncator). Then `smoothScrollTo`.
    mutating func releaseAndroid(velocity: Double, touch: Lift?) {
        let flingDistance = 25.0, minimumVelocity = 400.0
        let position = decisionPosition(velocity: velocity, touch: touch)
        let current = position.rounded(.down)
        let pageOffset = position - current
        // Without a touch there is no drag distance to check: a fling from rest is a flick.
        let dragged = touch.map { abs($0.distance) > flingDistance } ?? true
        let target: Double
        if dragged, abs(velocity) > minimumVelocity {
            target = velocity > 0 ? current + 1 : current
        } else {
            let startPage = Double(touch?.startPage ?? bounds.nearestPage(offset))
            let truncator = current >= startPage ? 0.4 : 0.6
            target = current + (pageOffset + truncator).rounded(.towardZero)
        }
        let page = bounds.clampPage(ScrollBounds.pageNumber(target))
        androidSettle(to: bounds.offset(ofPage: page), velocity: velocity, phase: .snapping)
    }

    /// ViewPager's `smoothScrollTo`: with a velocity, 4·round(1000·|distance/v|) ms, where the
    /// distance is half the client width plus half of it times sin((min(1, |dx|/width) − 0.5)·0.15π);
    /// without, (|dx|/(page + margin) + 1)·100 ms; at most 600 ms, on the quintic interpolator.
    mutating func androidSettle(to target: Double, velocity: Double, phase: Phase) {
        let dx = target - offset
        guard dx != 0 else { return }
        let half = viewportAlong / 2
        let ratio = min(1, abs(dx) / viewportAlong)
        let distance = half + half * sin((ratio - 0.5) * 0.15 * Double.pi)
        var milliseconds: Double
        if velocity != 0 {
            milliseconds = 4 * (1000 * abs(distance / velocity)).rounded(.toNearestOrAwayFromZero)
        } else {
            milliseconds = (Self.androidPageDelta(abs(dx), pitch: bounds.pageWidth) + 1) * 100
            milliseconds.round(.towardZero)
        }
        milliseconds = min(milliseconds, 600)
        guard milliseconds > 0 else {
            offset = target
            return
        }
        append(.eased(from: offset, distance: dx, duration: milliseconds / 1000, easing: .quinticOut),
               phase: phase, until: now + milliseconds / 1000)
        offset = target
    }

    /// `pageDelta`: pages of `distance` at one page's width plus the margin.
    static func androidPageDelta(_ distance: Double, pitch: Double) -> Double { distance / pitch }

    /// Swiper's release (`onTouchEnd`): back to the end from past it; a swipe under
    /// `longSwipesMs` (300 ms) goes to the next slide in its direction; a longer one needs
    /// `longSwipesRatio` (0.5) of a slide. Then `slideTo`, 300 ms on CSS `ease`.
    mutating func releaseSwiper(velocity: Double, touch: Lift?) {
        let position = decisionPosition(velocity: velocity, touch: touch)
        let n = bounds.pageCount
        if !bounds.wraps, position < 0 {
            return libraryMove(to: bounds.offset(ofPage: 0), duration: 0.3, phase: .bouncing)
        }
        if !bounds.wraps, position > Double(n - 1) {
            return libraryMove(to: bounds.offset(ofPage: n - 1), duration: 0.3, phase: .bouncing)
        }
        // The swipe's direction is the finger's travel since touch-down (a fling from rest: its velocity).
        let travel = touch?.distance ?? 0
        let direction = travel != 0 ? travel : velocity
        let stop = position.rounded(.down), ratio = position - stop
        let longSwipesMs = 0.3, longSwipesRatio = 0.5
        let isLong = (touch?.duration ?? 0) > longSwipesMs
        let target: Double
        if direction > 0 {
            target = !isLong || ratio >= longSwipesRatio ? stop + 1 : stop
        } else if direction < 0 {
            target = isLong && ratio > 1 - longSwipesRatio ? stop + 1 : stop
        } else {
            target = position.rounded(.toNearestOrAwayFromZero)
        }
        let page = bounds.clampPage(ScrollBounds.pageNumber(target))
        libraryMove(to: bounds.offset(ofPage: page), duration: 0.3, phase: .snapping)
    }

    /// The position a release decides by: where the content is, or, for a `fling` from rest on a
    /// page, just past that page in the fling's direction.
    private func decisionPosition(velocity: Double, touch: Lift?) -> Double {
        let position = bounds.position(offset)
        guard touch == nil, velocity != 0, bounds.exactPage(offset) != nil else { return position }
        return position + (velocity > 0 ? 1e-9 : -1e-9)
    }

    /// One animated move on the motion model's curve (nothing if already there).
    mutating func libraryMove(to target: Double, duration: Double, phase: Phase) {
        guard target != offset else { return }
        move(to: target, until: now + duration, phase: phase)
    }

    /// Seconds of one animated jump of `distance` points when the script gives none: `through`
    /// for one step of a walk.
    func jumpDuration(distance: Double, through: Bool) -> Double {
        switch physics.model {
        case .uikit: through ? 0.3 : 0.35
        case .icarousel: 0.4                                     // SCROLL_DURATION
        case .android:                                           // smoothScrollTo without a velocity
            min(((Self.androidPageDelta(abs(distance), pitch: bounds.pageWidth) + 1) * 100).rounded(.towardZero), 600) / 1000
        case .swiper: 0.3                                        // speed
        }
    }
}
