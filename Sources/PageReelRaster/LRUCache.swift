import Foundation

/// A thread-safe least-recently-used cache with a cost budget (bytes), used for decoded images and
/// rendered pages so memory stays flat however many pages a deck has.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private struct Entry {
        var value: Value
        var cost: Int
        var stamp: UInt64
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private var total = 0
    let budget: Int

    init(budget: Int) { self.budget = budget }

    func value(for key: Key) -> Value? {
        lock.withLock {
            guard var entry = entries[key] else { return nil }
            clock += 1
            entry.stamp = clock
            entries[key] = entry
            return entry.value
        }
    }

    /// Inserts `value`, then evicts the least recently used entries over budget, never those in
    /// `keep` (the ones the current frame needs).
    func insert(_ value: Value, for key: Key, cost: Int, keep: Set<Key> = []) {
        lock.withLock {
            clock += 1
            if let old = entries[key] { total -= old.cost }
            entries[key] = Entry(value: value, cost: cost, stamp: clock)
            total += cost
            guard total > budget else { return }
            let victims = entries.filter { $0.key != key && !keep.contains($0.key) }.sorted { $0.value.stamp < $1.value.stamp }
            for (victim, entry) in victims {
                guard total > budget else { break }
                entries[victim] = nil
                total -= entry.cost
            }
        }
    }

    var count: Int { lock.withLock { entries.count } }
    var cost: Int { lock.withLock { total } }
}
