import ArgumentParser
import Foundation
import PageReel

/// The documented exit codes (DESIGN §7) and which library failure gets which.
///
/// Usage mistakes found while parsing are swift-argument-parser's own `validationFailure` (64,
/// `EX_USAGE`); the others follow sysexits.h too, so that scripts and CI can tell a bad deck from
/// a full disk without reading the message.
extension ExitCode {
    /// 64: an unknown command or flag, a bad value, conflicting options, a wrong size.
    static let usage = ExitCode.validationFailure
    /// 65: the deck (or another input) is there but invalid.
    static let invalidDeck = ExitCode(65)
    /// 66: an input is missing or unreadable: the deck, an image, a font.
    static let inputMissing = ExitCode(66)
    /// 70: an internal error (an encoder or libpng failed).
    static let internalError = ExitCode(70)
    /// 73: an output cannot be created.
    static let cannotCreateOutput = ExitCode(73)
    /// 74: writing an output failed.
    static let writeFailed = ExitCode(74)
    /// 130 and 143: stopped by SIGINT or SIGTERM (128 + the signal's number).
    static let sigint = ExitCode(130)
    static let sigterm = ExitCode(143)

    /// Every exit code with what it means, in order, for `pagereel --help`.
    static let documented: [(code: ExitCode, meaning: String)] = [
        (.success, "ok"), (.usage, "usage"), (.invalidDeck, "invalid deck"), (.inputMissing, "input missing"),
        (.internalError, "internal error"), (.cannotCreateOutput, "cannot create output"),
        (.writeFailed, "write failed"), (.sigint, "SIGINT"), (.sigterm, "SIGTERM"),
    ]

    /// The exit code of a library failure, by its kind.
    init(_ error: PageReelError) {
        switch error.kind {
        case .usage: self = .usage
        case .invalidInput: self = .invalidDeck
        case .missingInput: self = .inputMissing
        case .internalFailure: self = .internalError
        case .cannotCreateOutput: self = .cannotCreateOutput
        case .writeFailed: self = .writeFailed
        case .interrupted(let signal): self = signal == SIGTERM ? .sigterm : .sigint
        }
    }
}

/// Runs a library call. Its error is printed on stderr as the library words it (`deck.json:
/// pages[2].image: file not found: shots/x.png`) and ends the command with the error's exit code;
/// swift-argument-parser prints nothing more for an `ExitCode`.
func library<T>(_ body: () throws(PageReelError) -> T) throws(ExitCode) -> T {
    do {
        return try body()
    } catch {
        SignalTrap.shared.report(error)
        throw ExitCode(error)
    }
}
