import Dispatch
import Foundation
import Synchronization
import Testing
@testable import PageReel

/// The stop flag a signal handler sets while render and encode threads poll it.
@Suite struct CancellationTests {
    @Test func startsUnset() {
        #expect(Cancellation().signal == nil)
    }

    /// SIGINT then SIGTERM: the export reports the first, so its exit code does not change under
    /// a second signal.
    @Test func firstSignalWins() {
        let cancellation = Cancellation()
        cancellation.cancel(signal: SIGINT)
        cancellation.cancel(signal: SIGTERM)
        #expect(cancellation.signal == SIGINT)
    }

    /// Many threads cancelling while others poll: every poll sees nothing or the one winner, and
    /// the winner never changes once seen.
    @Test func concurrentCancelsAgreeOnOneSignal() throws {
        let cancellation = Cancellation()
        let seen = Mutex<Set<Int32>>([])
        DispatchQueue.concurrentPerform(iterations: 64) { k in
            if k % 2 == 0 {
                cancellation.cancel(signal: Int32(k + 1))
            } else if let signal = cancellation.signal {
                seen.withLock { _ = $0.insert(signal) }
            }
        }
        let winner = try #require(cancellation.signal)
        #expect(winner % 2 == 1 && (1...63).contains(winner))
        #expect(seen.withLock { $0.isSubset(of: [winner]) })
        cancellation.cancel(signal: 99)
        #expect(cancellation.signal == winner)
    }
}
