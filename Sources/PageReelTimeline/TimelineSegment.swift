/// One stretch of the timeline with a single closed-form motion and phase.
///
/// Public so that plots and debugging tools can show how the script was simulated; the scene
/// stage only needs `Timeline.state(at:)`.
public struct TimelineSegment: Sendable, Equatable {
    /// Seconds from the start of the video; the segment covers [start, end).
    public internal(set) var start: Double
    public internal(set) var end: Double
    public let phase: Phase
    let motion: Motion
    let bounds: ScrollBounds

    init(start: Double, end: Double, phase: Phase, motion: Motion, bounds: ScrollBounds) {
        self.start = start
        self.end = end
        self.phase = phase
        self.motion = motion
        self.bounds = bounds
    }

    /// Seconds the segment lasts.
    public var duration: Double { end - start }

    /// Shown offset when the segment begins.
    public var startOffset: Double { sample(at: start).offset }

    /// Shown offset the motion reaches at `end` (the next segment may start from a value rounded
    /// onto the page, e.g. a settled spring).
    public var endOffset: Double { sample(at: end.isFinite ? end : start).offset }

    /// Shown offset and velocity at absolute time `time`.
    func sample(at time: Double) -> (offset: Double, velocity: Double) {
        motion.sample(after: time - start, in: bounds)
    }
}
