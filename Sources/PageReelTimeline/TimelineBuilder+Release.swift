import PageReelDeck

// What the content does once no finger holds it: bounce back from past an end, snap to a page,
// or glide freely (DESIGN §3, "Physics").
extension TimelineBuilder {
    /// Releases the content at `now` with `velocity` (pt/s), as the deck's motion model does. A
    /// held finger lifts; a `fling` from rest has none.
    mutating func release(velocity: Double) {
        let touch = lift()
        switch physics.model {
        case .uikit: releaseUIKit(velocity: velocity, startPage: touch?.startPage ?? bounds.nearestPage(offset))
        case .icarousel: releaseICarousel(velocity: velocity, touch: touch)
        case .android: releaseAndroid(velocity: velocity, touch: touch)
        case .swiper: releaseSwiper(velocity: velocity, touch: touch)
        }
    }

    /// UIScrollView: the touch's start page bounds the paging target; without a finger the
    /// current page does.
    mutating func releaseUIKit(velocity: Double, startPage: Int) {
        if bounds.isOverscrolled(offset) {
            bounce(to: bounds.nearestEnd(offset), velocity: velocity)
        } else if physics.paging {
            snap(to: pagingTarget(velocity: velocity, startPage: startPage), velocity: velocity)
        } else {
            glide(velocity: velocity)
        }
    }

    /// `swipe`, `jump`, `tap` and `hint` first let go of a held finger (at rest) and wait for it
    /// to settle.
    mutating func releaseHeldFinger() {
        if isHeld { release(velocity: 0) }
    }

    /// Flutter's PageScrollPhysics without its tie at whole pages: a fast release goes to the next
    /// page in its direction, a slow one to the nearest; never more than one page from where the
    /// touch began.
    func pagingTarget(velocity v: Double, startPage: Int) -> Int {
        let position = bounds.position(offset)
        let gate = physics.flingVelocity
        let target: Double
        if v >= gate && v > 0 {
            target = position.rounded(.down) + 1
        } else if v <= -gate && v < 0 {
            target = position.rounded(.up) - 1
        } else {
            target = position.rounded(.toNearestOrAwayFromZero)
        }
        let page = ScrollBounds.pageNumber(max(min(target, Double(startPage + 1)), Double(startPage - 1)))
        return bounds.clampPage(page)
    }

    /// The snap spring from the release point to `page`, carrying the release velocity.
    mutating func snap(to page: Int, velocity: Double) {
        let spring = DampedSpring(response: physics.snap.response, dampingRatio: physics.snap.dampingRatio)
        settle(spring, to: bounds.offset(ofPage: page), velocity: velocity, phase: .snapping)
    }

    /// The critically damped spring back to an end.
    mutating func bounce(to end: Double, velocity: Double) {
        settle(.bounce, to: end, velocity: velocity, phase: .bouncing)
    }

    /// Runs `spring` until it settles on the 1 ms grid, then rests exactly on `target`.
    mutating func settle(_ spring: DampedSpring, to target: Double, velocity: Double, phase: Phase) {
        let displacement = offset - target
        let limit = springLimit
        let time = spring.settleTime(from: displacement, velocity: velocity, limit: limit)
        if time >= limit { markOpenEnded() }
        append(.spring(spring, target: target, displacement: displacement, velocity: velocity),
               phase: phase, until: now + time)
        offset = target
    }

    /// Free deceleration until |v| < 1 pt/s; reaching an end hands over, at that instant, to the
    /// bounce spring with the velocity at the crossing (or stops there when bounces is off).
    mutating func glide(velocity: Double) {
        let glide = Deceleration(start: offset, velocity: velocity, rate: physics.deceleration)
        let stop = glide.stopTime
        let end = velocity > 0 ? bounds.maxOffset : 0
        if !bounds.wraps, let hit = glide.time(toReach: end), hit <= stop {
            append(.glide(glide), phase: .decelerating, until: now + hit)
            offset = end
            if bounds.bounces { bounce(to: end, velocity: glide.velocity(after: hit)) }
        } else {
            append(.glide(glide), phase: .decelerating, until: now + stop)
            offset = glide.offset(after: stop)
        }
    }
}
