import Foundation
import PageReelEncode
import PageReelMedia

/// Joins MP4 shards rendered with `--frames` into one video by stream copy (`pagereel concat`).
///
/// Each pagereel MP4 records which frames of which video it holds (`ShardMetadata`): the shards
/// are put in frame order whatever order they are given in, and a set that is not every frame of
/// one video exactly once is refused with every problem named (`ShardError`), before anything is
/// written. The joined video records itself as a full export does (frames 0…N−1, the shards'
/// fingerprint), so it can stand in for one: joined again on its own it is accepted, and it does
/// not join with a shard of its own frames.
///
/// It is not a byte-for-byte copy of a full export: each shard was encoded on its own, starting
/// with a keyframe, so keyframes and x264's rate control differ around the shard boundaries.
/// What holds is that it has the full export's frames, timestamps (frame n at n/fps), duration
/// and metadata, and that every frame decodes exactly as in the shard it came from; encoded
/// lossless (`--crf 0`), its frames decode exactly as a full export's.
///
/// Sound is joined sample-exactly: each shard's AAC is decoded (its priming dropped by the
/// container's edit list), cut to exactly the samples its frames last, laid end to end and
/// encoded once more, so the joined track has no gap, no click and no drift, and equals the full
/// export's within the encoder's noise.
public enum ShardJoiner {
    /// Writes `parts`, in frame order, to `output` atomically; returns the number of frames.
    /// Throws `.inputMissing` for a part that is not there, `.shards` for a set that is not one
    /// video's frames each exactly once, `.inputInvalid` for a part that holds other frames than
    /// it records.
    @discardableResult
    public static func join(_ parts: [String], into output: String) throws(PageReelError) -> Int {
        guard !parts.isEmpty else { throw .usage("concat: expected at least one MP4 to join") }
        guard output.lowercased().hasSuffix(".mp4") else { throw .usage("concat: -o \(output): the joined video is an MP4 (.mp4)") }
        for part in parts {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: part, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw .inputMissing(path: part, message: "file not found")
            }
            guard FileManager.default.isReadableFile(atPath: part) else { throw .inputMissing(path: part, message: "cannot read the file") }
        }
        let set: ShardSet
        do throws(ShardError) {
            set = try ShardSet(parts.map(read))
        } catch {
            throw .shards(error)
        }
        let audio = try set.metadata.audioBitrate.map { bitrate throws(PageReelError) in
            (source: try ShardAudio(set.shards.map { ($0.path, $0.frames) }) as AudioSource, bitrate: bitrate)
        }
        let file = try OutputFile(Output(path: output, format: .mp4))
        let frames: Int
        do throws(EncodeError) {
            frames = try MP4Concatenator.concat(set.shards.map { MP4Concatenator.Part(path: $0.path, frames: $0.frames) },
                                                into: file.temporaryPath, metadata: set.metadata, audio: audio)
        } catch {
            file.discard()
            if case .badInput(let path, let message) = error { throw .inputInvalid(path: path, message: message) }
            throw Exporter.map(error, file: file)
        }
        try file.commit()
        return frames
    }

    /// What `path` records, or why it cannot be joined.
    private static func read(_ path: String) -> ShardSet.Input {
        do throws(EncodeError) {
            guard let metadata = try MP4Concatenator.metadata(of: path) else {
                return ShardSet.Input(path: path, record: .unusable(.unusable(path: path, message:
                    "not a pagereel video: it records no frame range (join MP4s written by pagereel export, with or without --frames)")))
            }
            return ShardSet.Input(path: path, record: .metadata(metadata))
        } catch {
            let message = if case .badInput(_, let message) = error { message } else { error.description }
            return ShardSet.Input(path: path, record: .unusable(.unusable(path: path, message: message)))
        }
    }
}

/// The shards' sound decoded and laid end to end: from each shard exactly the samples its frames
/// last (`AudioClock`), silence where a shard's track ends early, its AAC padding dropped.
final class ShardAudio: AudioSource {
    private var parts: [(file: InputFile, samples: Int)]
    private var current: AudioStream?
    private var left = 0

    init(_ shards: [(path: String, frames: ClosedRange<Int>)]) throws(PageReelError) {
        var parts: [(file: InputFile, samples: Int)] = []
        for shard in shards {
            let fps: Int
            do throws(EncodeError) {
                fps = try MP4Concatenator.frameRate(of: shard.path)
            } catch {
                throw .inputInvalid(path: shard.path, message: error.description)
            }
            let samples = AudioClock.sample(ofFrame: shard.frames.upperBound + 1, fps: fps)
                - AudioClock.sample(ofFrame: shard.frames.lowerBound, fps: fps)
            do throws(MediaError) {
                let file = try InputRoots.anywhere(relativeTo: ".").open(shard.path)
                // Decoded once here so that a shard without sound is refused before anything is written.
                _ = try AudioStream.check(file)
                parts.append((file, samples))
            } catch {
                throw .inputInvalid(path: shard.path, message: "its sound: \(error.description)")
            }
        }
        self.parts = parts
    }

    func read(_ frames: Int, into buffer: inout [Float]) throws(EncodeError) {
        var done = 0
        while done < frames {
            if left == 0 {
                guard !parts.isEmpty else {
                    for k in (2 * done)..<(2 * frames) { buffer[k] = 0 }
                    return
                }
                let part = parts.removeFirst()
                do throws(MediaError) {
                    current = try AudioStream(file: part.file)
                } catch {
                    throw .badInput(path: part.file.path, message: "its sound: \(error.description)")
                }
                left = part.samples
            }
            let n = min(left, frames - done)
            var got = 0
            do throws(MediaError) {
                var chunk = [Float](repeating: 0, count: 2 * n)
                got = try current!.read(n, into: &chunk)
                buffer.replaceSubrange((2 * done)..<(2 * (done + n)), with: chunk)
            } catch {
                throw .badInput(path: error.path, message: "its sound: \(error.description)")
            }
            _ = got   // a track shorter than its frames leaves silence (the chunk's zeros)
            left -= n
            done += n
        }
    }
}
