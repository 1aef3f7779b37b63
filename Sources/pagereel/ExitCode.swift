import PageReel
import PageReelRaster

/// The documented exit codes (DESIGN §7) and which error gets which.
enum ExitCode {
    static let ok: Int32 = 0
    static let usage: Int32 = 64
    static let invalidDeck: Int32 = 65
    static let inputMissing: Int32 = 66
    static let internalError: Int32 = 70
    static let cannotCreateOutput: Int32 = 73
    static let writeFailed: Int32 = 74
    static let sigint: Int32 = 130
    static let sigterm: Int32 = 143

    static func of(_ error: PageReelError) -> Int32 {
        switch error {
        case .usage: usage
        case .deck(let deck): deck.isOnlyMissingInput ? inputMissing : invalidDeck
        case .inputMissing: inputMissing
        case .inputInvalid: invalidDeck
        case .render(let raster):
            switch raster {
            case .notFound, .io, .font: inputMissing
            case .badImage, .badFont, .markup: invalidDeck
            case .png: internalError
            }
        case .cannotCreateOutput: cannotCreateOutput
        case .writeFailed: writeFailed
        case .encode: internalError
        case .interrupted(let signal): signal == 15 ? sigterm : sigint
        }
    }
}
