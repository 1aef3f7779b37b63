import Foundation
import PageReelEncode

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
/// Sound is joined by stream copy too: every shard's AAC frames lie on the whole video's grid of
/// 1024 samples (`AudioOptions.shard`), so the joined track takes each shard's frames between
/// its grid points, with no gap, no click and no drift, and decodes as the full export's does
/// within the encoder's noise.
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
        let file = try OutputFile(Output(path: output, format: .mp4))
        let frames: Int
        do throws(EncodeError) {
            frames = try MP4Concatenator.concat(set.shards.map { MP4Concatenator.Part(path: $0.path, frames: $0.frames) },
                                                into: file.temporaryPath, metadata: set.metadata)
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
