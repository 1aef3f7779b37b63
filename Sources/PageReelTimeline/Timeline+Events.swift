// The view-controller lifecycle MAGPagedScrollView's container forwards to its pages, derived from
// the sampled frames, so the events match what the video shows at that frame rate.
extension Timeline {
    /// The lifecycle events of every page over frames 0…frameCount−1 at `fps`, in order.
    public func events(fps: Int) -> [TimelineEvent] {
        let fps = max(fps, 1)
        var tracker = LifecycleTracker(bounds: bounds)
        var events: [TimelineEvent] = []
        for frame in 0..<frameCount(fps: fps) {
            let time = Double(frame) / Double(fps)
            for (page, kind) in tracker.advance(to: state(at: time)) {
                events.append(TimelineEvent(frame: frame, time: time, page: page, event: kind))
            }
        }
        return events
    }
}
