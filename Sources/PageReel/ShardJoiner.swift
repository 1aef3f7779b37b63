import Foundation
import PageReelEncode

/// Joins MP4 shards rendered with `--frames` into one video by stream copy (`pagereel concat`).
public enum ShardJoiner {
    /// Writes `parts`, in order, to `output` atomically; returns the number of frames.
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
        let file = try OutputFile(Output(path: output, format: .mp4))
        let frames: Int
        do throws(EncodeError) {
            frames = try MP4Concatenator.concat(parts, into: file.temporaryPath)
        } catch {
            file.discard()
            if case .badInput(let path, let message) = error { throw .inputInvalid(path: path, message: message) }
            throw Exporter.map(error, file: file)
        }
        try file.commit()
        return frames
    }
}
