/// Every frame of a video stream, found by demuxing (not decoding) its packets: when each frame is
/// shown, and which keyframe decoding must start from to show it exactly as decoding from the
/// start of the file does.
///
/// Packets come in decode order; with B-frames the presentation order differs, so the frames are
/// the packets' presentation timestamps sorted. Nothing assumes a constant frame rate: phones
/// record variable frame rate, and each frame simply lasts until the next one starts.
///
/// The index costs 44 bytes a frame (a 24-byte packet record, an 8-byte timestamp, a 4-byte
/// packet number, an 8-byte start time) plus 4 bytes a keyframe: 1.6 MB for 10 minutes at 60 fps.
struct VideoFrameIndex: Sendable {
    /// One packet of the video stream, as the container lists it.
    struct Packet: Sendable, Equatable {
        /// Presentation timestamp in the stream's time base (the decode timestamp when the container
        /// gives none).
        var time: Int64
        /// Decode timestamp, what seeking is given (`MediaCheck.noTimestamp` when unknown).
        var decodeTime: Int64
        var isKeyframe: Bool
        /// False for a packet decoded only to serve as a reference (before an edit list's start):
        /// its picture is not a frame of the clip, and decoders do not output it.
        var isShown: Bool
    }

    /// The stream's packets in decode order.
    let packets: [Packet]
    /// Each frame's presentation timestamp, ascending and distinct.
    let frameTimestamps: [Int64]
    /// Each frame's packet (an index into `packets`).
    let framePackets: [Int32]
    /// The keyframes' packets, ascending.
    let keyframes: [Int32]
    /// Each frame's start in seconds, the first at 0.
    let frameTimes: [Double]
    /// From the first frame's start to the last one's end, in seconds.
    let duration: Double
    /// How many packets a decoder must hold back to output frames in presentation order (at least
    /// what the B-frame pattern needs; 0 without reordering).
    let reorderDepth: Int

    /// Packets further apart in decode order than this are not reordered against each other
    /// (H.264 and HEVC allow at most 16 pictures in the decoded picture buffer).
    static let reorderWindow = 32

    /// Indexes `packets` (decode order) of a stream whose time base is `timeBase` seconds a tick.
    /// `lastDuration` is how long the last frame lasts, in ticks, when the container says (packet
    /// duration or frame rate); otherwise the last frame lasts as long as the one before it.
    /// Nil when no packet is a frame.
    init?(packets: [Packet], timeBase: (num: Int64, den: Int64), lastDuration: Int64?) {
        // A timestamp shown twice is one frame: the decoder's first picture with it, in decode order.
        let shown = packets.indices.filter { packets[$0].isShown }
            .sorted { (packets[$0].time, $0) < (packets[$1].time, $1) }
        var timestamps: [Int64] = [], owners: [Int32] = []
        timestamps.reserveCapacity(shown.count)
        owners.reserveCapacity(shown.count)
        for index in shown where timestamps.last != packets[index].time {
            timestamps.append(packets[index].time)
            owners.append(Int32(index))
        }
        guard let first = timestamps.first, let last = timestamps.last else { return nil }

        let seconds = { (ticks: Int64) in Double(ticks) * Double(timeBase.num) / Double(timeBase.den) }
        var lastTicks = lastDuration ?? 0
        if lastTicks <= 0 {
            lastTicks = timestamps.count > 1 ? last - timestamps[timestamps.count - 2]
                : Int64((Double(timeBase.den) / Double(timeBase.num) / 30).rounded())
        }
        self.packets = packets
        frameTimestamps = timestamps
        framePackets = owners
        keyframes = packets.indices.filter { packets[$0].isKeyframe }.map { Int32($0) }
        frameTimes = timestamps.map { seconds($0 - first) }
        duration = seconds(last + max(lastTicks, 1) - first)
        reorderDepth = Self.reorderDepth(packets)
    }

    var count: Int { frameTimestamps.count }

    /// The frame whose presentation timestamp is `timestamp`, if any.
    func frame(withTimestamp timestamp: Int64) -> Int? {
        let index = firstIndex(in: frameTimestamps) { $0 >= timestamp }
        return index < count && frameTimestamps[index] == timestamp ? index : nil
    }

    /// The frame whose span contains `time` seconds, clamped to the first and last frame. A time
    /// within a nanosecond before a frame's start counts as that frame, so that `n / fps` computed
    /// in floating point lands on the frame starting at that instant.
    func frame(at time: Double) -> Int {
        guard time.isFinite else { return time == .infinity ? count - 1 : 0 }
        let after = firstIndex(in: frameTimes) { $0 > time + 1e-9 }
        return max(0, after - 1)
    }

    /// The packet decoding must start from to show `frame` exactly: the last keyframe, in decode
    /// order, at or before the frame's packet that is not shown after it. A keyframe shown later
    /// than the frame (the frame is a leading picture of an open GOP, which refers to the GOP
    /// before) does not do. With `before`, only keyframes before that packet count (to retry from
    /// further back). -1 is the start of the file.
    func start(for frame: Int, before limit: Int? = nil) -> Int {
        let packet = Int(framePackets[frame]), timestamp = frameTimestamps[frame]
        let bound = min(packet + 1, limit ?? Int.max)
        var k = firstIndex(in: keyframes) { Int($0) >= bound } - 1
        while k >= 0, packets[Int(keyframes[k])].time > timestamp { k -= 1 }
        return k >= 0 ? Int(keyframes[k]) : -1
    }

    /// The packet with these timestamps: `expected` when it matches, else found by a search.
    ///
    /// A container without decode times (Matroska, WebM) gets them from libavformat only while
    /// its reorder delay is still unknown — the packets buffered while probing have them, the same
    /// packets read again do not — so a missing decode time on either side matches any.
    func packet(time: Int64, decodeTime: Int64, expected: Int) -> Int? {
        let none = MediaCheck.noTimestamp
        let matches = { (i: Int) in
            let known = self.packets[i].decodeTime
            return self.packets[i].time == time && (known == decodeTime || known == none || decodeTime == none)
        }
        if expected >= 0, expected < packets.count, matches(expected) { return expected }
        return packets.indices.first(where: matches)
    }

    /// The most packets earlier in decode order with a later presentation timestamp than any
    /// packet: how far output must lag input for frames to come out in order.
    static func reorderDepth(_ packets: [Packet]) -> Int {
        var depth = 0
        for i in packets.indices {
            let earlier = packets[max(0, i - reorderWindow)..<i]
            depth = max(depth, earlier.count(where: { $0.time > packets[i].time }))
        }
        return depth
    }

    /// The first index of the sorted `values` where `isAfter` holds (binary search); `count` if
    /// nowhere.
    private func firstIndex<T>(in values: [T], where isAfter: (T) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(values[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
