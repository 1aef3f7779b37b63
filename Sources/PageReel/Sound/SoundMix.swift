import Foundation
import PageReelEncode
import PageReelMedia

/// The video's sound, mixed from a `SoundPlan` block by block for one output's audio encoder.
///
/// Each sample of the mix is a function of its index n in the whole video and nothing else: the
/// music's sample is the file's sample `start + n` (wrapped when it loops), a recording's the
/// track's sample its clip's timing gives at n, gains are closed forms of n (fades) or linear
/// between positions sampled on a fixed grid of absolute sample indices (visibility), and the
/// limiter has no memory. So a mix that starts at a shard's first sample gives exactly that
/// slice of the whole video's mix, and the encoders' frame sizes do not matter.
final class SoundMix: AudioSource {
    private let plan: SoundPlan
    /// The next sample to give, in the whole video.
    private var next: Int
    private var music: TrackReader?
    private var recordings: [TrackReader]
    private var block: [Float] = []
    private var scratch: [Float] = []
    private var gains: [Float] = []

    /// A mix whose first sample is sample `start` of the whole video.
    init(plan: SoundPlan, start: Int) {
        self.plan = plan
        next = start
        music = plan.music.map { TrackReader(file: $0.file, speed: 1, timedAgainstVideo: false, keepsHead: $0.loop) }
        recordings = plan.recordings.map { recording in
            // The start is kept where the clip starts over (a loop, an appearance).
            TrackReader(file: recording.file, speed: recording.rate, timedAgainstVideo: true,
                        keepsHead: recording.loop || recording.restarts != nil)
        }
    }

    func read(_ frames: Int, into buffer: inout [Float]) throws(EncodeError) {
        // Before the video (an encoder's preroll near the start) there is silence.
        if next < 0 {
            let silent = min(frames, -next)
            for k in 0..<(2 * silent) { buffer[k] = 0 }
            next += silent
            guard silent < frames else { return }
            var rest = [Float](repeating: 0, count: 2 * (frames - silent))
            try read(frames - silent, into: &rest)
            buffer.replaceSubrange((2 * silent)..<(2 * frames), with: rest)
            return
        }
        let n0 = next
        next += frames
        for k in 0..<(2 * frames) { buffer[k] = 0 }
        do throws(MediaError) {
            if let music = plan.music, let reader = self.music {
                try addMusic(music, reader: reader, from: n0, count: frames, into: &buffer)
            }
            for (recording, reader) in zip(plan.recordings, recordings) {
                try addRecording(recording, reader: reader, from: n0, count: frames, into: &buffer)
            }
        } catch {
            throw .badInput(path: error.path, message: error.description)
        }
        for touch in plan.touches { add(touch, from: n0, count: frames, into: &buffer) }
        for k in 0..<(2 * frames) { buffer[k] = Self.limit(buffer[k]) }
    }

    /// The music's gain at sample `n`: its volume, the fade-in from the start and the fade-out
    /// that ends with the video.
    static func musicGain(_ music: SoundPlan.Music, at n: Int, total: Int) -> Float {
        var gain = music.volume
        if music.fadeIn > 0, n < music.fadeIn { gain *= Float(n) / Float(music.fadeIn) }
        let left = total - n
        if music.fadeOut > 0, left < music.fadeOut { gain *= Float(max(left, 0)) / Float(music.fadeOut) }
        return gain
    }

    private func addMusic(_ music: SoundPlan.Music, reader: TrackReader, from n0: Int, count: Int,
                          into buffer: inout [Float]) throws(MediaError) {
        gains = (0..<count).map { Self.musicGain(music, at: n0 + $0, total: plan.total) }
        var j = 0
        while j < count {
            let elapsed = n0 + j
            var index = music.startSample + elapsed
            var run = count - j
            if music.loop, let end = reader.length, end > music.startSample {
                let period = end - music.startSample
                let within = elapsed % period
                index = music.startSample + within
                run = min(run, period - within)
            }
            let got = try reader.read(from: index, count: run, into: &scratch)
            mix(scratch, count: got, gains: gains, offset: j, into: &buffer)
            // The track ended inside the run: a loop now knows its length and starts over.
            if got < run, music.loop, reader.length.map({ $0 > music.startSample }) == true {
                j += got
                continue
            }
            j += run
        }
    }

    private func addRecording(_ recording: SoundPlan.Recording, reader: TrackReader, from n0: Int, count: Int,
                              into buffer: inout [Float]) throws(MediaError) {
        // A page the script never shows again: its decoder and kept samples are let go.
        guard n0 <= recording.lastShown else {
            reader.release()
            return
        }
        computeVisibilityGains(page: recording.page, volume: recording.volume, from: n0, count: count)
        var j = 0
        while j < count {
            let n = n0 + j
            // Samples of the clip played at n, and how long that stretch lasts without a restart.
            var run = count - j
            var elapsed: Int?
            if let restarts = recording.restarts {
                let k = restarts.lastIndex { $0 <= n }
                if let k { elapsed = n - restarts[k] }
                if let following = restarts.first(where: { $0 > n }) { run = min(run, following - n) }
            } else {
                elapsed = n
            }
            guard var played = elapsed else { j += run; continue }
            if recording.loop {
                played %= recording.length
                run = min(run, recording.length - played)
            } else if played >= recording.length {
                j += run
                continue
            } else {
                run = min(run, recording.length - played)
            }
            if gains[j..<(j + run)].allSatisfy({ $0 == 0 }) {
                j += run
                continue
            }
            let got = try reader.read(from: recording.startSample + played, count: run, into: &scratch)
            mix(scratch, count: got, gains: gains, offset: j, into: &buffer)
            j += run
        }
    }

    /// `gains[j]` for sample n0 + j: the recording's volume times its page's visibility, linear
    /// between the plan's grid points.
    private func computeVisibilityGains(page: Int, volume: Float, from n0: Int, count: Int) {
        let step = SoundPlan.gridStep
        let positions = plan.positions
        func visibility(_ g: Int) -> Float {
            let position = positions[min(max(g, 0), positions.count - 1)]
            return Float(SoundPlan.visibility(of: page, at: position, pageCount: plan.pageCount, wraps: plan.wraps))
        }
        gains = [Float](repeating: 0, count: count)
        var g = n0 / step
        var a = visibility(g), b = visibility(g + 1)
        for j in 0..<count {
            let n = n0 + j
            if n / step != g {
                g = n / step
                a = visibility(g)
                b = visibility(g + 1)
            }
            gains[j] = volume * (a + (b - a) * Float(n - g * step) / Float(step))
        }
    }

    private func add(_ touch: SoundPlan.Touch, from n0: Int, count: Int, into buffer: inout [Float]) {
        let length = touch.samples.count / 2
        for onset in touch.onsets where onset < n0 + count && onset + length > n0 {
            let first = max(n0, onset), last = min(n0 + count, onset + length)
            for n in first..<last {
                let s = 2 * (n - onset), d = 2 * (n - n0)
                buffer[d] += touch.volume * touch.samples[s]
                buffer[d + 1] += touch.volume * touch.samples[s + 1]
            }
        }
    }

    /// Adds `count` frames of `source` times `gains[offset...]` to `buffer` from frame `offset`.
    private func mix(_ source: [Float], count: Int, gains: [Float], offset: Int, into buffer: inout [Float]) {
        for k in 0..<count {
            let gain = gains[offset + k]
            buffer[2 * (offset + k)] += gain * source[2 * k]
            buffer[2 * (offset + k) + 1] += gain * source[2 * k + 1]
        }
    }

    /// Where the limiter starts to bend: below it the mix passes unchanged.
    static let knee: Float = 0.8
    /// What the limiter approaches and never reaches (−0.1 dBFS).
    static let ceiling: Float = 0.988

    /// A memoryless soft limiter: linear up to the knee, then a tanh curve that approaches the
    /// ceiling and never passes it, continuous in value and slope, so a loud mix bends instead of
    /// wrapping or clipping hard.
    static func limit(_ x: Float) -> Float {
        let magnitude = abs(x)
        guard magnitude > knee else { return x }
        let room = ceiling - knee
        let bent = knee + room * Float(tanh(Double((magnitude - knee) / room)))
        return x < 0 ? -bent : bent
    }
}

/// One audio track read by sample index: forward reads continue the decoder, a later index
/// decodes and drops up to it, an earlier one starts the track over (`AudioStream` never seeks,
/// so every path to an index gives the same samples). For a track that starts over, its first
/// `headFrames` samples are kept as they are decoded, so a short loop or a clip that restarts near
/// its beginning does not reopen the file each time.
final class TrackReader {
    private let file: InputFile
    private let speed: Double
    private let timedAgainstVideo: Bool
    private var stream: AudioStream?
    /// The index the stream gives next.
    private var cursor = 0
    /// The track's length in samples, once its end has been reached.
    private(set) var length: Int?
    /// Samples 0 ..< head.count / 2 of the track, interleaved.
    private var head: [Float] = []

    /// Whether the start is kept (for a track that starts over).
    private let keepsHead: Bool

    /// The most samples kept from a track's start (10 s, 3.7 MiB).
    static let headFrames = 10 * AudioClock.sampleRate

    init(file: InputFile, speed: Double, timedAgainstVideo: Bool, keepsHead: Bool) {
        self.file = file
        self.speed = speed
        self.timedAgainstVideo = timedAgainstVideo
        self.keepsHead = keepsHead
    }

    /// Closes the decoder and drops the kept samples (a later read starts over).
    func release() {
        stream = nil
        cursor = 0
        head = []
    }

    /// Reads up to `count` samples from `index` into `buffer` (grown as needed); returns how
    /// many the track had (fewer past its end).
    func read(from index: Int, count: Int, into buffer: inout [Float]) throws(MediaError) -> Int {
        if buffer.count < 2 * count { buffer = [Float](repeating: 0, count: 2 * count) }
        if let length, index >= length { return 0 }
        let kept = head.count / 2
        if index < kept, index + count <= kept || length.map({ $0 <= kept }) == true {
            let n = min(count, kept - index)
            buffer.replaceSubrange(0..<(2 * n), with: head[(2 * index)..<(2 * (index + n))])
            return n
        }
        if stream == nil || index < cursor {
            stream = try AudioStream(file: file, speed: speed, timedAgainstVideo: timedAgainstVideo)
            cursor = 0
        }
        let stream = stream!
        if index > cursor {
            let skipped = try stream.skip(index - cursor)
            cursor += skipped
            if cursor < index {
                length = cursor
                return 0
            }
        }
        let got = try stream.read(count, into: &buffer)
        cursor += got
        if got < count { length = cursor }
        if keepsHead, index == kept, kept < Self.headFrames {
            let n = min(got, Self.headFrames - kept)
            head.append(contentsOf: buffer[0..<(2 * n)])
        }
        return got
    }
}
