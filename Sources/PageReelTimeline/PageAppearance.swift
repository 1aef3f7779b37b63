/// An instant the current page changed: the page nearest the viewport (`lround(position)`, within
/// the pages) became `page` at `time`. Recordings that play `onAppear` start over from here.
public struct PageAppearance: Sendable, Equatable {
    public var time: Double
    public var page: Int

    public init(time: Double, page: Int) {
        self.time = time
        self.page = page
    }
}

extension Timeline {
    /// The step of the grid page changes are found on, in seconds: a change between two grid
    /// instants is dated to the later one, at any frame rate, as springs settle on the same grid.
    public static let appearanceGrid = 0.001

    /// Every change of the current page over the video, the first page at time 0 included, found on
    /// the 1 ms grid counted from 0.
    static func appearances(segments: [TimelineSegment], bounds: ScrollBounds, duration: Double) -> [PageAppearance] {
        guard let first = segments.first else { return [] }
        var current = bounds.index(ofPage: bounds.nearestPage(first.sample(at: 0).offset))
        var found = [PageAppearance(time: 0, page: current)]
        var index = 0
        let steps = Int((duration / appearanceGrid).rounded(.up))
        guard steps > 0 else { return found }
        for step in 1...steps {
            let t = min(Double(step) * appearanceGrid, duration)
            while index + 1 < segments.count, segments[index + 1].start <= t { index += 1 }
            let page = bounds.index(ofPage: bounds.nearestPage(segments[index].sample(at: t).offset))
            if page != current {
                current = page
                found.append(PageAppearance(time: t, page: page))
            }
        }
        return found
    }
}

extension TimelineState {
    /// When `page` last became the current page, at or before this instant; nil if it has not yet
    /// (or the deck has no recording that plays `onAppear`, for which they are not tracked).
    public func lastAppearance(of page: Int) -> Double? {
        appearances.last { $0.page == page }?.time
    }
}
