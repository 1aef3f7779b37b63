import PageReelDeck

/// Plays a deck's script once, step by step, into segments and touch strokes.
///
/// Between steps the scroll view is at rest at `offset` at time `now`, with or without a finger
/// holding it. A step that gives `at` earlier than `now` cuts the recorded motion at that instant
/// (`interrupt(at:)`), which is how a finger catches a moving scroll view.
struct TimelineBuilder {
    let bounds: ScrollBounds
    let physics: Physics
    /// The viewport's size across the paging axis (where a finger's other coordinate comes from),
    /// and its width (the tab bar's).
    let viewportAcross: Double
    let viewportWidth: Double
    /// The viewport's size along the paging axis (ViewPager's client width).
    let viewportAlong: Double
    /// The page's size along the paging axis.
    let pageAlong: Double
    let tabs: Tabs?
    /// Past this instant nothing is ever sampled (the forced duration or the length limit), so
    /// long walks and slow springs need not be recorded in full beyond it.
    let horizon: Double

    private(set) var segments: [TimelineSegment] = []
    private(set) var strokes: [TouchStroke] = []
    /// Transition switches from the script, in time order.
    private(set) var transitions: [TransitionChange] = []
    /// The centre of the screen, in its own points (the device's, else the viewport's).
    let screenCentre: (x: Double, y: Double)
    /// The device's turns.
    private(set) var poses: PoseTrack
    /// The camera's moves.
    private(set) var camera = CameraTrack()
    /// Seconds at which the last step settled.
    private(set) var now = 0.0
    /// When each of the script's steps began, in script order.
    private(set) var stepStarts: [Double] = []
    /// Shown offset at `now`.
    var offset = 0.0
    /// A spring did not settle before the horizon, so `now` is a lower bound.
    private(set) var isOpenEnded = false
    private var previousStart: Double?

    init(deck: Deck) {
        // One page's scroll is the page pitch along the layout's axis.
        bounds = ScrollBounds(deck: deck)
        physics = deck.physics
        let vertical = deck.layout.isVertical
        viewportAcross = vertical ? deck.viewport.width : deck.viewport.height
        viewportAlong = vertical ? deck.viewport.height : deck.viewport.width
        pageAlong = vertical ? deck.pageSize.height : deck.pageSize.width
        viewportWidth = deck.viewport.width
        tabs = deck.tabs
        horizon = deck.duration ?? Timeline.maximumDuration
        poses = PoseTrack(rest: deck.device?.pose ?? .rest)
        // In the screen's own points: the device's, else the viewport's.
        let k = deck.device.map { deck.viewport.width / $0.screenSize.width } ?? 1
        screenCentre = (deck.viewport.width / 2 / k, deck.viewport.height / 2 / k)
    }

    /// True while a finger holds the content (a drag with `release: false`, or one cut short).
    var isHeld: Bool { strokes.last.map { $0.up == .infinity } ?? false }

    /// The phase of the content at rest: a held finger is still dragging.
    var restPhase: Phase { isHeld ? .dragging : .idle }

    /// Runs `step`, the `index`-th of the script.
    mutating func run(_ step: Step, index: Int) throws(TimelineError) {
        // A turn of the device with `at` runs alongside the gestures: it neither interrupts the
        // scroll view nor makes it wait. Without `at`, the next step waits for it.
        // So does a camera move.
        let alongside: Double? = switch step.action {
        case .pose(let change): change.duration
        case .camera(let move): move.duration
        default: nil
        }
        if let duration = alongside {
            let start = step.at ?? now
            if let previous = previousStart, start < previous {
                throw TimelineError(path: "script[\(index)].at", message:
                    "\(Seconds.format(start)) s is before the previous step, which starts at \(Seconds.format(previous)) s")
            }
            previousStart = start
            stepStarts.append(start)
            switch step.action {
            case .pose(let change): poses.add(change, at: start)
            case .camera(let move): camera.add(move, at: start, centre: screenCentre)
            default: break
            }
            if step.at == nil { hold(until: now + duration) }
            return
        }
        if let at = step.at {
            if let previous = previousStart, at < previous {
                throw TimelineError(path: "script[\(index)].at", message:
                    "\(Seconds.format(at)) s is before the previous step, which starts at \(Seconds.format(previous)) s")
            }
            if at < now { interrupt(at: at) } else { hold(until: at) }
            rebase()
        }
        previousStart = now
        stepStarts.append(now)
        switch step.action {
        case .wait(let seconds):
            hold(until: now + seconds)
        case .drag(let drag):
            self.drag(drag)
        case .swipe(let direction):
            releaseHeldFinger()
            drag(Step.Drag(by: direction == .next ? 0.35 : -0.35, duration: 0.18))
        case .fling(let velocity):
            release(velocity: velocity)
        case .jump(let jump):
            releaseHeldFinger()
            self.jump(to: jump.to, through: jump.through, step: jump.step, duration: jump.duration)
        case .tap(let tab):
            releaseHeldFinger()
            self.tap(tab)
        case .hint(let hint):
            releaseHeldFinger()
            self.hint(hint)
        case .transition(let spec):
            transitions.append(TransitionChange(time: now, transition: spec))
        case .pose, .camera:
            break   // handled above
        }
        rebase()
    }

    /// Wrapping, brings the offset at rest back into the first turn (and a held touch's start page
    /// with it), so that page arithmetic stays small however far the content has gone round.
    mutating func rebase() {
        guard bounds.wraps else { return }
        let n = bounds.pageCount
        let turns = (bounds.position(offset) / Double(n)).rounded(.down)
        guard turns != 0, turns.isFinite else { return }
        offset = bounds.wrapped(offset)
        if isHeld {
            let last = strokes.count - 1
            strokes[last].startPage = abs(turns) < 1e12 ? strokes[last].startPage - Int(turns) * n : bounds.nearestPage(offset)
        }
    }

    /// The segments with a final rest that lasts forever.
    func finished() -> [TimelineSegment] {
        segments + [TimelineSegment(start: now, end: .infinity, phase: restPhase, motion: .hold(offset),
                                    bounds: bounds)]
    }

    /// Records `motion` from `now` until `end` and moves `now` there; nothing if it lasts no time.
    mutating func append(_ motion: Motion, phase: Phase, until end: Double) {
        guard end > now else { return }
        segments.append(TimelineSegment(start: now, end: end, phase: phase, motion: motion, bounds: bounds))
        now = end
    }

    /// Stays at rest (finger held or not) until `end`.
    mutating func hold(until end: Double) {
        append(.hold(offset), phase: restPhase, until: end)
    }

    /// Local time limit for a spring's settle scan starting now.
    var springLimit: Double { max(horizon - now, 0) + 1 }

    /// Notes that a spring ran into `springLimit`.
    mutating func markOpenEnded() { isOpenEnded = true }

    /// Cuts the recorded motion at `time` < `now`: the content stops where it is then (velocity 0),
    /// a finger that was down stays down and holds it, a tab tap lifts.
    mutating func interrupt(at time: Double) {
        if let index = segments.lastIndex(where: { $0.start <= time }) {
            offset = segments[index].sample(at: time).offset
        } else {
            offset = 0
        }
        segments.removeAll { $0.start >= time }
        if let last = segments.indices.last, segments[last].end > time { segments[last].end = time }

        // Nothing recorded runs past `time` any more: a spring that had not settled is cut here.
        isOpenEnded = false
        strokes.removeAll { $0.down >= time }
        if let last = strokes.indices.last, strokes[last].up > time {
            if strokes[last].tab != nil {
                strokes[last].up = time
            } else {
                strokes[last].hold(at: time)
            }
        }
        now = time
    }

    /// Starts a new touch on the content, or continues the held one.
    mutating func touchDown(x: Double) {
        guard !isHeld else { return }
        strokes.append(TouchStroke(down: now, x: x, y: 0.62 * viewportAcross,
                                   startPage: bounds.nearestPage(offset)))
    }

    mutating func addFingerMove(distance: Double, duration: Double, curve: Step.Curve) {
        let last = strokes.count - 1
        let x = strokes[last].x(at: now)
        strokes[last].moves.append(.init(start: now, from: x, distance: distance, duration: duration, curve: curve))
    }

    /// Lifts the finger at `now` and tells what its touch did.
    mutating func lift() -> Lift? {
        guard isHeld else { return nil }
        strokes[strokes.count - 1].up = now
        let stroke = strokes[strokes.count - 1]
        // The finger moves against the content: a finger travelling left scrolls to the next page.
        return Lift(startPage: stroke.startPage, duration: now - stroke.down, distance: -stroke.travel(at: now))
    }

    /// A touch that has just ended.
    struct Lift {
        /// The page the touch began on.
        var startPage: Int
        /// Seconds from touch-down to lift.
        var duration: Double
        /// Points the content was moved toward the next page (the finger's travel, reversed).
        var distance: Double
    }

    mutating func addTap(tab: Int, x: Double, y: Double, duration: Double) {
        strokes.append(TouchStroke(down: now, x: x, y: y, startPage: bounds.nearestPage(offset), tab: tab,
                                   up: now + duration))
    }
}
