import Foundation

/// A thread-safe least-recently-used cache with a cost budget (bytes), used for decoded images and
/// rendered pages so memory stays flat however many pages a deck has.
///
/// `value(for:keep:making:)` also makes missing values, once: render threads race for the same
/// image when a frame shows it on two pages, and decoding a 50 MP photo twice would double both
/// the time and the peak memory. The first caller makes the value outside the lock; callers that
/// arrive meanwhile wait on the condition for its result (the value, or the same error) instead of
/// starting a second decode.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private struct Entry {
        var value: Value
        var cost: Int
        var stamp: UInt64
    }

    /// A value being made by one caller; the others wait until `result` is set.
    private final class Flight {
        var result: Result<Value, RasterError>?
    }

    /// Guards everything below; also the condition that waiters on a flight sleep on.
    private let lock = NSCondition()
    private var entries: [Key: Entry] = [:]
    private var inFlight: [Key: Flight] = [:]
    private var clock: UInt64 = 0
    private var total = 0
    let budget: Int

    init(budget: Int) { self.budget = budget }

    func value(for key: Key) -> Value? {
        lock.withLock { lookUp(key) }
    }

    /// The cached value for `key`, or the one `make` returns (with its cost), made by one caller
    /// however many ask at once. A failure is handed to every caller that waited for it and is not
    /// cached, so a later call tries again.
    func value(for key: Key, keep: Set<Key> = [],
               making make: () throws(RasterError) -> (value: Value, cost: Int)) throws(RasterError) -> Value {
        lock.lock()
        if let value = lookUp(key) {
            lock.unlock()
            return value
        }
        if let flight = inFlight[key] {
            while flight.result == nil { lock.wait() }
            lock.unlock()
            return try flight.result!.get()
        }
        let flight = Flight()
        inFlight[key] = flight
        lock.unlock()

        let made = Result { () throws(RasterError) in try make() }

        lock.lock()
        defer { lock.unlock() }
        inFlight[key] = nil
        flight.result = made.map(\.value)
        if case .success(let (value, cost)) = made { store(value, for: key, cost: cost, keep: keep) }
        lock.broadcast()
        return try made.get().value
    }

    /// Inserts `value`, then evicts the least recently used entries over budget, never those in
    /// `keep` (the ones the current frame needs).
    func insert(_ value: Value, for key: Key, cost: Int, keep: Set<Key> = []) {
        lock.withLock { store(value, for: key, cost: cost, keep: keep) }
    }

    var count: Int { lock.withLock { entries.count } }
    var cost: Int { lock.withLock { total } }

    // MARK: - Under the lock

    private func lookUp(_ key: Key) -> Value? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.stamp = clock
        entries[key] = entry
        return entry.value
    }

    private func store(_ value: Value, for key: Key, cost: Int, keep: Set<Key>) {
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
