import Foundation
import PageReelDeck
import PageReelRaster

/// Checks that the images a deck names exist and are usable, before rendering starts (fonts and
/// text are `TextChecker`'s).
///
/// Each distinct file is checked once (a template deck of a million pages usually names a handful),
/// and images are checked from their header only: the format, and the size limit.
struct InputChecker {
    let directory: String

    func issues(in deck: Deck) -> [DeckIssue] {
        var checked = Set<String>()
        var decoded = 0
        var issues: [DeckIssue] = []
        if case .image(let path, _) = deck.canvas.background {
            let full = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
            checked.insert(full)
            decoded += 1
            if let issue = imageIssue(full, shown: path, at: "canvas.background.image", decode: true) { issues.append(issue) }
        }
        let pageCount: Int
        let isTemplate: Bool
        switch deck.pages {
        case .list(let pages):
            (pageCount, isTemplate) = (pages.count, false)
        case .template(let count, let template):
            // Without placeholders in its file names, page 0 names every file the template does.
            let varies = InputChecker.files(of: template).contains { $0.path.contains("{") }
            (pageCount, isTemplate) = (varies ? count : 1, true)
        }
        for index in 0..<pageCount {
            let base = isTemplate ? "pages.template" : "pages[\(index)]"
            for file in InputChecker.files(of: deck.page(at: index)) {
                let full = file.path.hasPrefix("/") ? file.path : (directory as NSString).appendingPathComponent(file.path)
                // Each file is checked, and a bad one reported, once: at the first place naming it.
                guard checked.insert(full).inserted else { continue }
                let location = base + file.suffix
                let decode = decoded < InputChecker.fullyDecodedImages
                if decode { decoded += 1 }
                guard var issue = imageIssue(full, shown: file.path, at: location, decode: decode) else { continue }
                if isTemplate { issue.message += " (page \(index))" }
                issues.append(issue)
            }
        }
        return issues
    }

    /// The images a page names: JSON path suffix and path as written.
    static func files(of page: Page) -> [(suffix: String, path: String)] {
        var files: [(suffix: String, path: String)] = []
        if let image = page.image { files.append((".image", image)) }
        for (k, layer) in page.layers.enumerated() {
            if case .image(let path) = layer.content { files.append((".layers[\(k)].image", path)) }
        }
        return files
    }

    /// Images decoded in full (to find truncated or corrupt data before rendering starts); past
    /// this many distinct images only their headers are read, and rendering reports the rest.
    static let fullyDecodedImages = 64

    private func imageIssue(_ full: String, shown: String, at path: String, decode: Bool) -> DeckIssue? {
        // A path as the deck wrote it; a pathological one is shortened in messages.
        let shown = MessageText.safe(shown, limit: 200)
        do {
            let size = try ImageDecoder.size(ofFileAt: full)
            let pixels = size.width * size.height
            if pixels > ImageDecoder.maxPixels {
                let mp = Double(pixels) / 1_000_000
                return DeckIssue(path: path, message: "\(shown): \(size.width)×\(size.height) is "
                    + String(format: "%.1f", mp) + " MP, over the limit of 50 MP")
            }
            if decode { _ = try ImageDecoder.decode(fileAt: full) }
            return nil
        } catch {
            switch error {
            case .notFound: return DeckIssue(path: path, message: "file not found: \(shown)", kind: .missingInput)
            case .io(_, let message):
                return DeckIssue(path: path, message: "cannot read \(shown): \(message)", kind: .missingInput)
            case .badImage(_, let message): return DeckIssue(path: path, message: "\(shown): \(message)")
            default: return DeckIssue(path: path, message: "\(shown): \(error)")
            }
        }
    }
}
