/// A view-controller lifecycle event of one page, stamped with the frame that shows it.
///
/// MAGPagedScrollView's container forwards these to its pages; `pagereel timeline --events` prints
/// them as JSON Lines (`{"frame":37,"time":1.2333,"page":2,"event":"didAppear"}`), hence `Codable`.
public struct TimelineEvent: Sendable, Equatable, Codable {
    /// 0-based frame index at the frame rate the events were computed for.
    public var frame: Int
    /// `frame / fps`, seconds.
    public var time: Double
    public var page: Int
    public var event: EventKind

    public init(frame: Int, time: Double, page: Int, event: EventKind) {
        self.frame = frame
        self.time = time
        self.page = page
        self.event = event
    }
}

/// The view-controller lifecycle callbacks MAG's container forwards, plus the page change a page
/// indicator listens to; declared in the order they are reported within one frame.
public enum EventKind: String, Sendable, Codable, CaseIterable {
    /// The resting page starts moving away.
    case willDisappear
    /// A page becomes visible.
    case willAppear
    /// A page is no longer visible.
    case didDisappear
    /// The page nearest the viewport (`lround(position)`) changed.
    case pageChanged
    /// The view came to rest on a page.
    case didAppear
}
