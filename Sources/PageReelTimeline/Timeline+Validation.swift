import PageReelDeck

// The deck decoder rejects these already; a deck built in code gets the same messages here
// instead of a crash or a timeline that never ends.
extension Timeline {
    static func validate(_ deck: Deck) throws(TimelineError) {
        guard deck.pageCount >= 1 else { throw TimelineError(path: "pages", message: "needs at least one page") }
        try positive(deck.viewport.width, "viewport.width")
        try positive(deck.viewport.height, "viewport.height")
        let physics = deck.physics
        guard physics.deceleration > 0, physics.deceleration < 1 else {
            throw TimelineError(path: "physics.deceleration", message: "must be between 0 and 1")
        }
        guard physics.rubberBand > 0, physics.rubberBand <= 1 else {
            throw TimelineError(path: "physics.rubberBand", message: "must be in (0, 1]")
        }
        try nonNegative(physics.flingVelocity, "physics.flingVelocity")
        try positive(physics.snap.response, "physics.snap.response")
        try positive(physics.snap.dampingRatio, "physics.snap.dampingRatio")
        if !physics.paging, physics.model == .android || physics.model == .swiper {
            throw TimelineError(path: "physics.paging", message: "`\(physics.model.rawValue)` always pages")
        }
        try nonNegative(deck.tail, "tail")
        if let duration = deck.duration {
            try positive(duration, "duration")
            guard duration <= maximumDuration else {
                throw TimelineError(path: "duration", message:
                    "\(Seconds.format(duration)) is over the limit of \(Seconds.format(maximumDuration)) s")
            }
        }
        for (index, step) in deck.script.enumerated() {
            try validate(step, path: "script[\(index)]", deck: deck)
        }
    }

    private static func validate(_ step: Step, path: String, deck: Deck) throws(TimelineError) {
        if let at = step.at { try nonNegative(at, "\(path).at") }
        switch step.action {
        case .wait(let seconds):
            try nonNegative(seconds, "\(path).wait")
        case .drag(let drag):
            try finite(drag.by, "\(path).drag.by")
            try positive(drag.duration, "\(path).drag.duration")
            if let velocity = drag.velocity { try finite(velocity, "\(path).drag.velocity") }
        case .swipe:
            break
        case .fling(let velocity):
            try finite(velocity, "\(path).fling.velocity")
        case .jump(let jump):
            try page(jump.to, "\(path).jump.to", count: deck.pageCount)
            if let step = jump.step { try positive(step, "\(path).jump.step") }
            if let duration = jump.duration { try positive(duration, "\(path).jump.duration") }
        case .tap(let tab):
            guard deck.tabs != nil else { throw TimelineError(path: "\(path).tap", message: "needs \"tabs\"") }
            try page(tab, "\(path).tap.tab", count: deck.pageCount)
        case .hint(let hint):
            try finite(hint.distance, "\(path).hint.distance")
            try positive(hint.duration, "\(path).hint.duration")
        case .transition:
            break
        case .camera(let move):
            try nonNegative(move.duration, "\(path).camera.duration")
            guard move.zoom.isFinite, move.zoom >= 1 else {
                throw TimelineError(path: "\(path).camera.zoom", message: "must be ≥ 1")
            }
            if let focus = move.focus { try finite(focus.x, "\(path).camera.focus"); try finite(focus.y, "\(path).camera.focus") }
        case .pose(let change):
            guard deck.device != nil else { throw TimelineError(path: "\(path).pose", message: "needs a \"device\" to turn") }
            try nonNegative(change.duration, "\(path).pose.duration")
            for value in [change.rotateX, change.rotateY, change.rotateZ, change.perspective, change.scale,
                          change.offsetX, change.offsetY].compactMap({ $0 }) {
                try finite(value, "\(path).pose")
            }
        }
    }

    private static func finite(_ value: Double, _ path: String) throws(TimelineError) {
        guard value.isFinite else { throw TimelineError(path: path, message: "must be a finite number") }
    }

    private static func positive(_ value: Double, _ path: String) throws(TimelineError) {
        guard value.isFinite, value > 0 else { throw TimelineError(path: path, message: "must be > 0") }
    }

    private static func nonNegative(_ value: Double, _ path: String) throws(TimelineError) {
        guard value.isFinite, value >= 0 else { throw TimelineError(path: path, message: "must be ≥ 0") }
    }

    private static func page(_ page: Int, _ path: String, count: Int) throws(TimelineError) {
        guard page >= 0 else { throw TimelineError(path: path, message: "must be ≥ 0") }
        guard page < count else {
            throw TimelineError(path: path, message: "page \(page) is past the last page (\(count - 1))")
        }
    }
}
