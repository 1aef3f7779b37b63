import Synchronization

/// Encoded frames by request, least recently used first out, within a budget of bytes. Keys carry
/// the deck's generation, so a frame of an older deck is never served for a newer one; `clear()`
/// frees the old generation's bytes at once when the deck changes.
final class FrameCache: Sendable {
    struct Key: Hashable, Sendable {
        var generation: Int
        var locale: String
        var fps: Int
        var device: Bool
        var width: Int
        var frame: Int
        var format: String
    }

    private struct State {
        var entries: [Key: (bytes: [UInt8], stamp: UInt64)] = [:]
        var clock: UInt64 = 0
        var total = 0
    }

    let budget: Int
    private let state = Mutex(State())

    init(budget: Int) {
        self.budget = budget
    }

    func bytes(for key: Key) -> [UInt8]? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (entry.bytes, state.clock)
            return entry.bytes
        }
    }

    func store(_ bytes: [UInt8], for key: Key) {
        guard bytes.count <= budget else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries[key] { state.total -= old.bytes.count }
            state.entries[key] = (bytes, state.clock)
            state.total += bytes.count
            while state.total > budget, let oldest = state.entries.min(by: { $0.value.stamp < $1.value.stamp }) {
                state.total -= oldest.value.bytes.count
                state.entries[oldest.key] = nil
            }
        }
    }

    func clear() {
        state.withLock { $0 = State() }
    }

    /// Bytes held now.
    var byteCount: Int { state.withLock { $0.total } }
}
