/// Turns successive frames' states into page lifecycle events (DESIGN §3, "Events").
///
/// A page is visible while |i·W − x| < W − 0.5 (half a point of it shows). The resting page gets
/// `willDisappear` on the first frame the content leaves its rest offset, and a page gets
/// `didAppear` when the content comes to rest exactly on it. Within a frame the order is
/// willDisappear, willAppear, didDisappear, pageChanged, didAppear; pages ascending within a kind.
struct LifecycleTracker {
    let bounds: ScrollBounds
    private var visible: [Int] = []
    /// The page the content rests on; nil while it moves.
    private var restingPage: Int?
    private var currentPage = 0
    private var started = false

    init(bounds: ScrollBounds) { self.bounds = bounds }

    /// The events of the next frame, showing `state`.
    mutating func advance(to state: TimelineState) -> [(page: Int, kind: EventKind)] {
        let nowVisible = visiblePages(at: state.offset)
        let nearest = ScrollBounds.pageNumber(state.position.rounded(.toNearestOrAwayFromZero))
        let page = bounds.index(ofPage: bounds.clampPage(nearest))
        guard started else {
            started = true
            visible = nowVisible
            currentPage = page
            let first = bounds.exactPage(state.offset).map(bounds.clampPage) ?? page
            restingPage = first
            return [(first, .willAppear), (first, .didAppear)]
        }
        var events: [(page: Int, kind: EventKind)] = []
        if let resting = restingPage, state.offset != bounds.offset(ofPage: resting) {
            events.append((resting, .willDisappear))
            restingPage = nil
        }
        events += nowVisible.filter { !visible.contains($0) }.map { ($0, .willAppear) }
        events += visible.filter { !nowVisible.contains($0) }.map { ($0, .didDisappear) }
        visible = nowVisible
        if page != currentPage {
            events.append((page, .pageChanged))
            currentPage = page
        }
        if restingPage == nil, state.phase == .idle, let j = bounds.exactPage(state.offset), j >= 0, j < bounds.pageCount {
            events.append((j, .didAppear))
            restingPage = j
        }
        return events
    }

    /// Pages with |i·W − x| < W − 0.5, ascending (at most two); wrapping, the last page is also
    /// the one before the first.
    private func visiblePages(at offset: Double) -> [Int] {
        let w = bounds.pageWidth
        let base = (offset / w).rounded(.down)
        guard abs(base) < 1e15 else { return [] }
        let near = (Int(base) - 1...Int(base) + 2).filter { i in
            (bounds.wraps || (i >= 0 && i < bounds.pageCount)) && abs(Double(i) * w - offset) < w - 0.5
        }
        return Array(Set(near.map(bounds.index(ofPage:)))).sorted()
    }
}
