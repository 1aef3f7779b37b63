import Dispatch
import Synchronization

/// A thread-safe least-recently-used cache with a cost budget (bytes), used for decoded images and
/// rendered pages so memory stays flat however many pages a deck has.
///
/// `value(for:keep:making:)` also makes missing values, once: render threads race for the same
/// image when a frame shows it on two pages, and decoding a 50 MP photo twice would double both
/// the time and the peak memory. The first caller makes the value outside the lock and publishes
/// it through a `Flight`; callers that arrive meanwhile wait on that flight for its result (the
/// value, or the same error) instead of starting a second decode.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var cost: Int
        var stamp: UInt64
    }

    /// Everything the lock guards.
    private struct State {
        var entries: [Key: Entry] = [:]
        var inFlight: [Key: Flight] = [:]
        var clock: UInt64 = 0
        var total = 0

        /// The entry's value, marked as just used.
        mutating func lookUp(_ key: Key) -> Value? {
            guard var entry = entries[key] else { return nil }
            clock += 1
            entry.stamp = clock
            entries[key] = entry
            return entry.value
        }

        /// Adds or replaces the entry, then evicts the least recently used others while over
        /// `budget`, never those in `keep`.
        mutating func store(_ value: Value, for key: Key, cost: Int, keep: Set<Key>, budget: Int) {
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

    /// What a caller of `value(for:keep:making:)` does, decided under the lock.
    private enum Role {
        case found(Value)
        case wait(Flight)
        case make(Flight)
    }

    /// A value being made by one caller. The others block in `wait()` until `finish` publishes
    /// the result; a `Mutex` has no condition to wait on, so a semaphore wakes them, each waiter
    /// passing the wake-up on to the next.
    private final class Flight: Sendable {
        private let result = Mutex<Result<Value, RasterError>?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func finish(_ made: Result<Value, RasterError>) {
            result.withLock { $0 = made }
            done.signal()
        }

        func wait() -> Result<Value, RasterError> {
            done.wait()
            done.signal()
            return result.withLock { $0! }
        }
    }

    private let state = Mutex(State())
    let budget: Int

    init(budget: Int) { self.budget = budget }

    func value(for key: Key) -> Value? {
        state.withLock { $0.lookUp(key) }
    }

    /// The cached value for `key`, or the one `make` returns (with its cost), made by one caller
    /// however many ask at once. A failure is handed to every caller that waited for it and is not
    /// cached, so a later call tries again.
    func value(for key: Key, keep: Set<Key> = [],
               making make: () throws(RasterError) -> (value: Value, cost: Int)) throws(RasterError) -> Value {
        let role = state.withLock { state -> Role in
            if let value = state.lookUp(key) { return .found(value) }
            if let flight = state.inFlight[key] { return .wait(flight) }
            let flight = Flight()
            state.inFlight[key] = flight
            return .make(flight)
        }
        switch role {
        case .found(let value):
            return value
        case .wait(let flight):
            return try flight.wait().get()
        case .make(let flight):
            let made = Result { () throws(RasterError) in try make() }
            state.withLock { state in
                state.inFlight[key] = nil
                if case .success(let (value, cost)) = made {
                    state.store(value, for: key, cost: cost, keep: keep, budget: budget)
                }
            }
            flight.finish(made.map(\.value))
            return try made.get().value
        }
    }

    /// Inserts `value`, then evicts the least recently used entries over budget, never those in
    /// `keep` (the ones the current frame needs).
    func insert(_ value: Value, for key: Key, cost: Int, keep: Set<Key> = []) {
        state.withLock { $0.store(value, for: key, cost: cost, keep: keep, budget: budget) }
    }

    /// Whether `key` is cached (without marking it used).
    func contains(_ key: Key) -> Bool {
        state.withLock { $0.entries[key] != nil }
    }

    /// Removes the cached entries whose keys `isUnwanted` picks; values being made are not touched.
    /// Whether any cached key is one `matches` accepts.
    func contains(where matches: (Key) -> Bool) -> Bool {
        state.withLock { $0.entries.keys.contains(where: matches) }
    }

    func removeAll(where isUnwanted: (Key) -> Bool) {
        state.withLock { state in
            for (key, entry) in state.entries where isUnwanted(key) {
                state.entries[key] = nil
                state.total -= entry.cost
            }
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
    var cost: Int { state.withLock { $0.total } }
}
