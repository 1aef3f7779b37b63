import PageReelDeck
import PageReelRaster

extension PageReelError {
    /// What kind of failure an error is, whichever stage raised it.
    ///
    /// A caller decides what to do about a failure (exit with a code, retry, show the user a file
    /// picker) by its kind, not by the stage's own error types: a font that is not installed is a
    /// missing input whether the deck check or the renderer found it. `pagereel` maps each kind to
    /// its exit code (DESIGN §7); the mapping of the stages' errors to kinds lives here, once.
    public enum Kind: Sendable, Equatable {
        /// The options are wrong: a bad size, frames outside the video, an unknown output format.
        case usage
        /// An input is there but unusable: an invalid deck, a corrupt image or font, a foreign
        /// shard, a set of shards with frames missing or twice.
        case invalidInput
        /// An input is missing or unreadable: the deck, an image, a font.
        case missingInput
        /// An output cannot be created: a missing folder, a directory in the way, no permission.
        case cannotCreateOutput
        /// Writing an output failed, e.g. the disk is full.
        case writeFailed
        /// pagereel or a library under it failed (an encoder, libpng): a bug, not the input.
        case internalFailure
        /// A signal stopped the work; `signal` is its number (SIGINT 2, SIGTERM 15).
        case interrupted(signal: Int32)
    }

    /// The kind of this failure. A deck error is a missing input only when every issue in it is a
    /// missing file; one invalid value makes the whole deck invalid.
    public var kind: Kind {
        switch self {
        case .usage: .usage
        case .deck(let deck): deck.isOnlyMissingInput ? .missingInput : .invalidInput
        case .inputMissing: .missingInput
        case .inputInvalid, .shards: .invalidInput
        case .render(let raster):
            switch raster {
            case .media(.notFound), .media(.io), .media(.outside), .notFound, .io, .font: .missingInput
            case .media(.badImage), .media(.badVideo), .media(.badAudio), .badFont, .markup: .invalidInput
            }
        case .cannotCreateOutput: .cannotCreateOutput
        case .writeFailed: .writeFailed
        case .encode: .internalFailure
        case .interrupted(let signal): .interrupted(signal: signal)
        }
    }
}
