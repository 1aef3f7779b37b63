/// Why a set of MP4s does not join into one video (`pagereel concat`): every problem at once, each
/// naming the files or the frames it is about. The command line prints one line per issue and
/// exits 65.
public struct ShardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One file and the frames of the whole video it holds.
    public struct Shard: Sendable, Equatable {
        public var path: String
        public var frames: ClosedRange<Int>

        public init(path: String, frames: ClosedRange<Int>) {
            self.path = path
            self.frames = frames
        }
    }

    /// One problem with the set.
    public enum Issue: Sendable, Equatable, CustomStringConvertible {
        /// The file cannot be joined: not an MP4 of H.264 video, not written by pagereel (it
        /// records no frames), or its record is damaged.
        case unusable(path: String, message: String)
        /// The file is part of another video than `reference`: another deck, other images or
        /// fonts, other settings or another pagereel; `difference` says which, when it can.
        case foreign(path: String, reference: String, difference: String)
        /// The same file was given more than once.
        case repeated(path: String)
        /// No file holds these frames.
        case missing(ClosedRange<Int>)
        /// These frames are in both files.
        case overlap(ClosedRange<Int>, Shard, Shard)

        public var description: String {
            switch self {
            case .unusable(let path, let message):
                "\(path): \(message)"
            case .foreign(let path, let reference, let difference):
                "\(path): part of another video than \(reference) (\(difference)); join the shards of one export"
            case .repeated(let path):
                "\(path): given more than once"
            case .missing(let frames):
                frames.count == 1 ? "concat: frame \(frames.lowerBound) is missing"
                    : "concat: frames \(Self.text(frames)) are missing"
            case .overlap(let frames, let a, let b):
                (frames.count == 1 ? "concat: frame \(frames.lowerBound) is" : "concat: frames \(Self.text(frames)) are")
                    + " in both \(a.path) (\(Self.text(a.frames))) and \(b.path) (\(Self.text(b.frames)))"
            }
        }

        /// `300-599`, as `--frames` takes it.
        static func text(_ frames: ClosedRange<Int>) -> String { "\(frames.lowerBound)-\(frames.upperBound)" }
    }

    public var issues: [Issue]

    public init(issues: [Issue]) {
        self.issues = issues
    }

    /// One line per issue.
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
