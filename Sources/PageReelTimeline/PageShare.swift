/// How much of each page a scroll position shows: the two pages about it, the nearer more, as the
/// captions cross-fade and a recording's sound follows its page.
public struct PageShare: Sendable, Equatable {
    /// The slot in the run of pages (past the last when wrapping round).
    public var slot: Int
    /// The page in that slot.
    public var page: Int
    /// 1 at rest on the page, falling linearly to 0 one page away.
    public var share: Double

    /// The pages shown at `position` with a share above 0, and the position they are taken at:
    /// held within the pages while a bounce overshoots, unless the pages wrap round.
    public static func around(_ position: Double, pageCount: Int,
                              wraps: Bool) -> (position: Double, shares: [PageShare]) {
        let count = max(pageCount, 1)
        let x = wraps ? position : min(max(position, 0), Double(count - 1))
        let lower = x.rounded(.down), f = x - lower
        var shares: [PageShare] = []
        for (slot, share) in [(Int(lower), 1 - f), (Int(lower) + 1, f)] where (wraps || slot < count) && share > 0 {
            shares.append(PageShare(slot: slot, page: wraps ? ((slot % count) + count) % count : slot, share: share))
        }
        return (x, shares)
    }
}
