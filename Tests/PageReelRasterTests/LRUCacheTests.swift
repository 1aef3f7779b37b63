import Foundation
import Synchronization
import Testing
@testable import PageReelRaster

/// The byte-bounded cache: eviction order, and values made once under concurrent demand.
@Suite struct LRUCacheTests {
    /// Runs `body` on `count` threads released together, and waits for all of them.
    static func race(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let start = DispatchSemaphore(value: 0), done = DispatchGroup()
        for k in 0..<count {
            done.enter()
            Thread {
                start.wait()
                body(k)
                done.leave()
            }.start()
        }
        for _ in 0..<count { start.signal() }
        done.wait()
    }

    /// Eight threads asking for the same missing key at once: `make` runs once, all get its value.
    @Test func missingValueIsMadeOnceUnderARace() {
        let cache = LRUCache<String, [Int]>(budget: 1 << 20)
        let makes = Mutex(0), results = Mutex<[[Int]]>([])
        Self.race(8) { _ in
            let value = try? cache.value(for: "photo.png") { () throws(RasterError) in
                makes.withLock { $0 += 1 }
                Thread.sleep(forTimeInterval: 0.2)   // a slow decode: the others arrive meanwhile
                return ([1, 2, 3], 24)
            }
            results.withLock { $0.append(value ?? []) }
        }
        #expect(makes.withLock { $0 } == 1)
        #expect(results.withLock { $0 } == Array(repeating: [1, 2, 3], count: 8))
        #expect(cache.count == 1 && cache.cost == 24)
    }

    /// A failure reaches every waiter and is not cached: the next call tries again.
    @Test func failureReachesEveryWaiterAndIsNotKept() throws {
        let cache = LRUCache<String, Int>(budget: 100)
        let makes = Mutex(0), failures = Mutex(0)
        let broken = RasterError.media(.badImage(path: "x.png", message: "corrupt"))
        Self.race(6) { _ in
            do {
                _ = try cache.value(for: "x.png") { () throws(RasterError) -> (value: Int, cost: Int) in
                    makes.withLock { $0 += 1 }
                    Thread.sleep(forTimeInterval: 0.2)
                    throw broken
                }
            } catch {
                if (error as? RasterError) == broken { failures.withLock { $0 += 1 } }
            }
        }
        #expect(makes.withLock { $0 } == 1)
        #expect(failures.withLock { $0 } == 6)
        #expect(cache.count == 0)
        #expect(try cache.value(for: "x.png") { () throws(RasterError) in (7, 1) } == 7)
    }

    /// A slow make holds up only the callers of its own key: another key is made and served
    /// meanwhile (values are made outside the lock).
    @Test func slowMakeDoesNotBlockOtherKeys() {
        let cache = LRUCache<String, Int>(budget: 100)
        let slowStarted = DispatchSemaphore(value: 0), slowMayEnd = DispatchSemaphore(value: 0)
        let order = Mutex<[String]>([])
        Self.race(2) { k in
            if k == 0 {
                _ = try? cache.value(for: "slow") { () throws(RasterError) in
                    slowStarted.signal()
                    _ = slowMayEnd.wait(timeout: .now() + 5)   // a failure, not a hang, if "fast" is stuck
                    order.withLock { $0.append("slow") }
                    return (1, 1)
                }
            } else {
                slowStarted.wait()
                _ = try? cache.value(for: "fast") { () throws(RasterError) in (2, 1) }
                order.withLock { $0.append("fast") }
                slowMayEnd.signal()
            }
        }
        #expect(order.withLock { $0 } == ["fast", "slow"])
        #expect(cache.value(for: "slow") == 1 && cache.value(for: "fast") == 2)
    }

    /// Over budget, the least recently used entries go first, never the kept ones.
    @Test func evictsLeastRecentlyUsedButNotKept() {
        let cache = LRUCache<Int, Int>(budget: 30)
        cache.insert(1, for: 1, cost: 10)
        cache.insert(2, for: 2, cost: 10)
        cache.insert(3, for: 3, cost: 10)
        _ = cache.value(for: 1)                        // 2 is now the oldest
        cache.insert(4, for: 4, cost: 10, keep: [2])   // 2 is kept, so 3 goes
        #expect(cache.value(for: 2) == 2 && cache.value(for: 3) == nil)
        #expect(cache.value(for: 1) == 1 && cache.value(for: 4) == 4)
        #expect(cache.cost == 30)
    }
}
