// The view-controller lifecycle MAGPagedScrollView's container forwards to its pages, derived from
// the sampled frames, so the events match what the video shows at that frame rate.
extension Timeline {
    /// The lifecycle events of every page over frames 0…frameCount−1 at `fps`, in order.
    ///
    /// The content can come to rest on a page between two frames and leave it again before the
    /// next (a snap followed at once by a jump, each page of a walk-through): that page still got
    /// `didAppear`, as UIKit calls it when the scroll ends, so such rests are replayed before the
    /// frame that follows them, and their events carry that frame.
    public func events(fps: Int) -> [TimelineEvent] {
        let fps = max(fps, 1)
        var tracker = LifecycleTracker(bounds: bounds)
        var events: [TimelineEvent] = []
        var rests = restInstants[...]
        for frame in 0..<frameCount(fps: fps) {
            let time = Double(frame) / Double(fps)
            while frame > 0, let rest = rests.first, rest.time <= time {
                rests = rests.dropFirst()
                guard rest.time > Double(frame - 1) / Double(fps) else { continue }
                let offset = bounds.wrapped(rest.offset)
                let resting = TimelineState(time: rest.time, offset: offset, velocity: 0, phase: .idle, touch: nil,
                                            position: bounds.position(offset))
                for (page, kind) in tracker.advance(to: resting) {
                    events.append(TimelineEvent(frame: frame, time: time, page: page, event: kind))
                }
            }
            for (page, kind) in tracker.advance(to: state(at: time)) {
                events.append(TimelineEvent(frame: frame, time: time, page: page, event: kind))
            }
        }
        return events
    }

    /// Instants where a motion without a finger ends exactly on a page, at rest, and the next
    /// segment begins.
    var restInstants: [(time: Double, offset: Double)] {
        var rests: [(time: Double, offset: Double)] = []
        for (previous, next) in zip(segments, segments.dropFirst()) {
            guard previous.phase != .idle, previous.phase != .dragging, next.start.isFinite else { continue }
            let end = previous.sample(at: next.start)
            let offset = next.startOffset
            guard abs(end.velocity) < 1, bounds.exactPage(offset) != nil else { continue }
            rests.append((next.start, offset))
        }
        return rests
    }
}
