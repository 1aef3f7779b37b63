@testable import PageReelTimeline
import Testing

/// The pages a position shows, by hand: the two about it, linearly, held within the pages unless
/// they wrap.
@Suite struct PageShareTests {
    func shares(_ position: Double, count: Int = 4, wraps: Bool = false) -> [PageShare] {
        PageShare.around(position, pageCount: count, wraps: wraps).shares
    }

    @Test func aPositionSharesItselfBetweenTheTwoPagesAboutIt() {
        #expect(shares(1.25) == [PageShare(slot: 1, page: 1, share: 0.75), PageShare(slot: 2, page: 2, share: 0.25)])
        #expect(shares(2) == [PageShare(slot: 2, page: 2, share: 1)])
    }

    @Test func aBounceIsHeldWithinThePages() {
        #expect(PageShare.around(-0.3, pageCount: 4, wraps: false).position == 0)
        #expect(shares(-0.3) == [PageShare(slot: 0, page: 0, share: 1)])
        #expect(shares(3.4) == [PageShare(slot: 3, page: 3, share: 1)])
    }

    @Test func wrappingThePageAfterTheLastIsTheFirst() {
        #expect(shares(3.5, wraps: true) == [PageShare(slot: 3, page: 3, share: 0.5), PageShare(slot: 4, page: 0, share: 0.5)])
        #expect(shares(-0.25, wraps: true) == [PageShare(slot: -1, page: 3, share: 0.25), PageShare(slot: 0, page: 0, share: 0.75)])
        // One page wrapping round is in both slots.
        #expect(shares(0.5, count: 1, wraps: true).map(\.page) == [0, 0])
    }
}
