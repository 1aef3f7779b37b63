import Foundation
import PageReelDeck
import PageReelEncode
import PageReelMedia
import PageReelTimeline

/// What a project's sound is made of, worked out once per export: the music, the touch sounds
/// with their onsets, and each recording that has an audio track with its timing, on the pages
/// the script ever shows. nil (`make`) when there is nothing to hear: such a video gets no audio
/// stream at all.
///
/// Every instant is a sample index of the whole video (n at n / 48000 s), so each `SoundMix` made
/// from the plan gives the same sample n whichever sample it starts at.
struct SoundPlan: Sendable {
    /// The music: its file, where it starts in the file, its gains, and whether it loops.
    struct Music: Sendable {
        var file: InputFile
        var startSample: Int
        var volume: Float
        var fadeIn: Int
        var fadeOut: Int
        var loop: Bool
    }

    /// A recording's audio on one page.
    struct Recording: Sendable {
        var file: InputFile
        var page: Int
        var volume: Float
        /// The clip's speed (the track is resampled as if its rate were this many times its own).
        var rate: Double
        /// Where the clip's part begins in the track, and how long it is, in samples at `rate`.
        var startSample: Int
        var length: Int
        var loop: Bool
        /// nil: the clip plays from the video's start; else the samples at which its page becomes
        /// the current one, where it starts over (silent before the first).
        var restarts: [Int]?
        /// The last sample at which its page shows (after it, the track is not read again).
        var lastShown: Int
    }

    /// One touch sound and the samples it starts at.
    struct Touch: Sendable {
        var samples: [Float]
        var onsets: [Int]
        var volume: Float
    }

    var music: Music?
    var recordings: [Recording]
    var touches: [Touch]
    /// The page position every `SoundPlan.gridStep` samples (recordings' gains follow it).
    var positions: [Double]
    var pageCount: Int
    var wraps: Bool
    /// Samples in the whole video.
    var total: Int

    /// Samples between the instants at which recordings' gains are computed (5 ms); between them
    /// the gain is interpolated linearly.
    static let gridStep = 240
    /// The longest touch sound kept, in seconds.
    static let maxTouchSeconds = 10.0

    /// The plan for `project` exported at `fps`, nil when the video is silent.
    /// A plan with nothing to hear: silence for the whole video (a target that always has sound).
    static func silence(project: Project, fps: Int) -> SoundPlan {
        SoundPlan(music: nil, recordings: [], touches: [], positions: [], pageCount: project.deck.pageCount,
                  wraps: project.deck.layout.wrap,
                  total: AudioClock.sample(ofFrame: project.timeline.frameCount(fps: fps), fps: fps))
    }

    static func make(project: Project, fps: Int) throws(PageReelError) -> SoundPlan? {
        let deck = project.deck, timeline = project.timeline
        let sampleRate = Double(AudioClock.sampleRate)
        let total = AudioClock.sample(ofFrame: timeline.frameCount(fps: fps), fps: fps)
        var plan = SoundPlan(music: nil, recordings: [], touches: [], positions: [], pageCount: deck.pageCount,
                             wraps: deck.layout.wrap, total: total)
        if let music = deck.audio.music {
            plan.music = Music(file: try open(music.file, project: project, at: "audio.music.file"),
                               startSample: Int((music.start * sampleRate).rounded()), volume: Float(music.volume),
                               fadeIn: Int((music.fadeIn * sampleRate).rounded()),
                               fadeOut: Int((music.fadeOut * sampleRate).rounded()), loop: music.loop)
        }
        if let touches = deck.audio.touches {
            let downs = timeline.touchDowns
            let taps = downs.filter(\.isTap).map { Int(($0.time * sampleRate).rounded()) }
            let drags = downs.filter { !$0.isTap }.map { Int(($0.time * sampleRate).rounded()) }
            let volume = Float(touches.volume)
            if !taps.isEmpty {
                let samples = try touches.tap.map { path throws(PageReelError) in
                    try loadSound(path, project: project, at: "audio.touches.tap")
                } ?? TapClick.samples
                plan.touches.append(Touch(samples: samples, onsets: taps, volume: volume))
            }
            if let drag = touches.drag, !drags.isEmpty {
                plan.touches.append(Touch(samples: try loadSound(drag, project: project, at: "audio.touches.drag"),
                                          onsets: drags, volume: volume))
            }
        }
        if deck.audio.recordings, deck.hasRecording(playing: .always) || deck.hasRecording(playing: .onAppear) {
            plan.positions = stride(from: 0, through: total + gridStep, by: gridStep).map {
                timeline.state(at: Double($0) / sampleRate).position
            }
            plan.recordings = try recordings(project: project, positions: plan.positions, wraps: plan.wraps)
        }
        if plan.recordings.isEmpty { plan.positions = [] }
        return plan.music == nil && plan.touches.isEmpty && plan.recordings.isEmpty ? nil : plan
    }

    /// How much of page `page` shows at page position `position` (`PageShare`): 1 at rest on
    /// it, falling linearly to 0 one page away, as captions cross-fade.
    static func visibility(of page: Int, at position: Double, pageCount: Int, wraps: Bool) -> Double {
        PageShare.around(position, pageCount: pageCount, wraps: wraps).shares.reduce(0) { $0 + ($1.page == page ? $1.share : 0) }
    }

    /// The recordings with an audio track on the pages the video ever shows.
    private static func recordings(project: Project, positions: [Double], wraps: Bool) throws(PageReelError) -> [Recording] {
        let deck = project.deck, timeline = project.timeline
        var shown = Set<Int>()
        /// Per page shown, the last grid point at which it shows.
        var lastShown: [Int: Int] = [:]
        for (g, position) in positions.enumerated() {
            for share in PageShare.around(position, pageCount: deck.pageCount, wraps: wraps).shares {
                shown.insert(share.page)
                lastShown[share.page] = g
            }
        }
        var recordings: [Recording] = []
        /// Per file: whether it has an audio track, and the clip's duration.
        var tracks: [String: (file: InputFile, duration: Double)?] = [:]
        let sampleRate = Double(AudioClock.sampleRate)
        for page in shown.sorted() {
            for (suffix, video) in InputChecker.videos(of: deck.page(at: page)) where video.volume > 0 {
                let full = project.inputs.absolute(video.file)
                if tracks[full] == nil {
                    tracks[full] = .some(try track(video.file, project: project, at: "pages[\(page)]" + suffix))
                }
                guard let track = tracks[full]!, video.rate > 0 else { continue }
                let (first, seconds) = video.span(duration: track.duration)
                let length = Int((seconds * sampleRate / video.rate).rounded())
                guard length > 0 else { continue }
                let restarts: [Int]? = video.play == .onAppear
                    ? timeline.appearances.filter { $0.page == page }.map { Int(($0.time * sampleRate).rounded()) } : nil
                recordings.append(Recording(file: track.file, page: page, volume: Float(video.volume), rate: video.rate,
                                            startSample: Int((first * sampleRate / video.rate).rounded()),
                                            length: length, loop: video.loop, restarts: restarts,
                                            lastShown: (lastShown[page]! + 1) * gridStep))
            }
        }
        return recordings
    }

    /// A recording's file and its pictures' duration, or nil when it has no audio track.
    private static func track(_ path: String, project: Project, at location: String) throws(PageReelError) -> (file: InputFile, duration: Double)? {
        let file = try open(path, project: project, at: location)
        do throws(MediaError) {
            _ = try AudioStream(file: file, timedAgainstVideo: true)
        } catch {
            if case .badAudio(_, let message) = error, message == AudioStream.noAudioStream { return nil }
            throw .inputInvalid(path: path, message: error.description)
        }
        do throws(MediaError) {
            return (file, try VideoClip(file: file, maxPixels: ImageDecoder.maxPixels).duration)
        } catch {
            throw .inputInvalid(path: path, message: error.description)
        }
    }

    private static func open(_ path: String, project: Project, at location: String) throws(PageReelError) -> InputFile {
        do throws(MediaError) {
            return try project.inputs.open(path)
        } catch {
            throw .inputMissing(path: path, message: "\(location): \(error.description)")
        }
    }

    /// A touch sound decoded in full (its first `maxTouchSeconds`).
    private static func loadSound(_ path: String, project: Project, at location: String) throws(PageReelError) -> [Float] {
        let file = try open(path, project: project, at: location)
        do throws(MediaError) {
            let stream = try AudioStream(file: file)
            let limit = Int(maxTouchSeconds) * AudioClock.sampleRate
            var samples = [Float](repeating: 0, count: 2 * limit)
            let count = try stream.read(limit, into: &samples)
            samples.removeLast(2 * (limit - count))
            return samples
        } catch {
            throw .inputInvalid(path: path, message: "\(location): \(error.description)")
        }
    }
}
