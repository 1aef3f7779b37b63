import Foundation
import PageReelDeck

/// What an export writes and how: outputs, and the overrides of the command line.
public struct ExportOptions: Sendable {
    public var outputs: [Output] = []
    /// Overrides the deck's transition.
    public var transition: TransitionSpec?
    /// Overrides the deck's frame rate (the timeline is resampled, not retimed).
    public var fps: Int?
    /// Output size in pixels; must have the canvas's aspect ratio.
    public var size: (width: Int, height: Int)?
    /// Frames A…B inclusive (a shard); nil = all.
    public var frames: ClosedRange<Int>?
    public var crf: Int?
    public var preset: String = "medium"
    public var tune: String? = "animation"
    /// GIF frame rate and width, when they differ from the video's.
    public var gifFPS: Int?
    public var gifWidth: Int?
    /// GIF loop count: 0 = forever.
    public var loop: Int = 0

    public init() {}
}

/// One output file (or folder) and its format, picked by the extension.
public struct Output: Sendable, Equatable {
    public enum Format: String, Sendable, Equatable {
        case mp4, gif, webm
        /// One PNG: the first frame rendered.
        case png
        /// A folder of `frame-000000.png` files numbered by absolute frame index.
        case pngFrames
    }

    public var path: String
    public var format: Format

    public init(path: String, format: Format) {
        self.path = path
        self.format = format
    }

    /// The output for a `-o` argument: a path ending in `/` is a PNG frame folder, else the
    /// extension decides; nil for an unknown extension.
    public init?(argument: String) {
        if argument.hasSuffix("/") {
            self.init(path: String(argument.dropLast()).isEmpty ? "/" : String(argument.dropLast()), format: .pngFrames)
            return
        }
        guard let format = Format(rawValue: (argument as NSString).pathExtension.lowercased()), format != .pngFrames else {
            return nil
        }
        self.init(path: argument, format: format)
    }
}
