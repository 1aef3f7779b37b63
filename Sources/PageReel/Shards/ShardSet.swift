import Foundation
import PageReelEncode

/// MP4s given to `concat`, checked as the parts of one video and put in frame order.
///
/// Only what the files record decides: the argument order (a shell glob sorts `part-1200.mp4`
/// before `part-300.mp4`) means nothing. The set must hold every frame of one video exactly once:
/// each file part of the same video (the most common fingerprint; on a tie, the one holding the
/// earliest frames), no frame missing, none twice. Anything else is a `ShardError` listing every
/// problem, so a scrambled or incomplete set never becomes a video.
struct ShardSet {
    /// What was read from one file: its record, or why it cannot be joined.
    struct Input {
        enum Record {
            case metadata(ShardMetadata)
            case unusable(ShardError.Issue)
        }

        var path: String
        var record: Record
    }

    /// The files in frame order, 0…N−1 covered exactly once.
    let shards: [ShardError.Shard]
    /// What the joined video records: every frame, the shards' fingerprint.
    let metadata: ShardMetadata

    init(_ inputs: [Input]) throws(ShardError) {
        var issues: [ShardError.Issue] = []
        var seen = Set<String>()
        var usable: [(index: Int, path: String, metadata: ShardMetadata)] = []
        for (index, input) in inputs.enumerated() {
            guard seen.insert(URL(fileURLWithPath: input.path).standardizedFileURL.path).inserted else {
                issues.append(.repeated(path: input.path))
                continue
            }
            switch input.record {
            case .metadata(let metadata): usable.append((index, input.path, metadata))
            case .unusable(let issue): issues.append(issue)
            }
        }
        guard let reference = Self.reference(among: usable.map { ($0.path, $0.metadata) }) else { throw ShardError(issues: issues) }
        var members: [(index: Int, shard: ShardError.Shard)] = []
        for file in usable {
            if let difference = Self.difference(file.metadata, from: reference.metadata) {
                issues.append(.foreign(path: file.path, reference: reference.path, difference: difference))
            } else {
                members.append((file.index, ShardError.Shard(path: file.path, frames: file.metadata.frames)))
            }
        }
        members.sort { ($0.shard.frames.lowerBound, $0.shard.frames.upperBound, $0.index)
            < ($1.shard.frames.lowerBound, $1.shard.frames.upperBound, $1.index) }
        let ordered = members.map(\.shard)
        issues += Self.coverageIssues(ordered, frameCount: reference.metadata.frameCount)
        guard issues.isEmpty else { throw ShardError(issues: issues) }
        shards = ordered
        var joined = reference.metadata
        joined.frames = 0...(joined.frameCount - 1)
        metadata = joined
    }

    /// The record the set is judged against: the most common fingerprint (with its frame count);
    /// on a tie, the one of the file holding the earliest frames. That file names the video.
    private static func reference(among files: [(path: String, metadata: ShardMetadata)])
        -> (path: String, metadata: ShardMetadata)? {
        var votes: [String: Int] = [:]
        for file in files { votes[key(file.metadata), default: 0] += 1 }
        return files.enumerated().min { a, b in
            let (va, vb) = (votes[key(a.element.metadata)]!, votes[key(b.element.metadata)]!)
            if va != vb { return va > vb }
            let (fa, fb) = (a.element.metadata.frames.lowerBound, b.element.metadata.frames.lowerBound)
            return fa != fb ? fa < fb : a.offset < b.offset
        }?.element
    }

    private static func key(_ metadata: ShardMetadata) -> String { "\(metadata.fingerprint) \(metadata.frameCount)" }

    /// How `metadata` differs from `reference` in words, or nil when they are parts of one video.
    private static func difference(_ metadata: ShardMetadata, from reference: ShardMetadata) -> String? {
        if metadata.version != reference.version { return "pagereel \(metadata.version), not \(reference.version)" }
        if metadata.settings != reference.settings {
            // Only the fields that differ: "crf 23, not crf 18".
            let (ours, theirs) = (fields(metadata.settings), fields(reference.settings))
            let only = ours.filter { !theirs.contains($0) }, other = theirs.filter { !ours.contains($0) }
            return "\(only.joined(separator: ", "))\(only.count > 1 ? ";" : ",") not \(other.joined(separator: ", "))"
        }
        if metadata.fingerprint != reference.fingerprint { return "another deck, or other images or fonts" }
        if metadata.frameCount != reference.frameCount {
            return "a video of \(metadata.frameCount) frames, not \(reference.frameCount)"
        }
        return nil
    }

    private static func fields(_ settings: String) -> [String] {
        settings.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Gaps and overlaps of `shards` (in frame order) against the frames 0…`frameCount`−1.
    private static func coverageIssues(_ shards: [ShardError.Shard], frameCount: Int) -> [ShardError.Issue] {
        var issues: [ShardError.Issue] = []
        var next = 0                           // the first frame no shard so far holds
        var reach: ShardError.Shard?           // of the shards so far, the one reaching furthest
        for shard in shards {
            let frames = shard.frames
            if frames.lowerBound > next { issues.append(.missing(next...(frames.lowerBound - 1))) }
            if let holder = reach, frames.lowerBound < next {
                issues.append(.overlap(frames.lowerBound...min(frames.upperBound, holder.frames.upperBound), holder, shard))
            }
            if frames.upperBound + 1 > next {
                next = frames.upperBound + 1
                reach = shard
            }
        }
        if next < frameCount { issues.append(.missing(next...(frameCount - 1))) }
        return issues
    }
}
