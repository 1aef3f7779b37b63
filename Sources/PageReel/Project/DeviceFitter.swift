import Foundation
import PageReelDeck
import PageReelMedia
import PageReelRaster
import PageReelScene

/// Fits a deck's device to its pages and its canvas, once its files are known: picks the model
/// `auto`, `phone` or `tablet` stands for from the pages' image size (as fastlane's frameit does),
/// lays out the viewport the deck left out (the model's screen shape, sized so the device and its
/// captions fit the canvas with a margin), and finds what will not look as meant — a screenshot
/// `fill` crops, a caption the canvas cuts, a device past the canvas's edge — as warnings.
///
/// A long deck is judged on its first pages (`sampledPages`): a template repeats itself, and a
/// long list of screens is rare.
struct DeviceFitter {
    /// Displayed sizes of the deck's usable images and recordings, by absolute path.
    let sizes: [String: PixelSize]
    let inputs: InputRoots
    let text: TextRenderer

    static let sampledPages = 200

    struct Result {
        var deck: Deck
        var issues: [DeckIssue] = []
        var warnings: [DeckIssue] = []
    }

    func fit(_ deck: Deck) -> Result {
        var result = Result(deck: deck)
        let pages = sample(deck)
        if let device = deck.device {
            result.deck.device = device.resolved(imageSize: commonScreenSize(deck, pages))
        }
        if result.deck.automaticViewport, let device = result.deck.device, device.model.kind != .browser {
            let tallest = captionHeights(result.deck, pages).map(\.height).max() ?? 0
            let band = DeviceLayout.captionBand(deck.captions, tallest: tallest)
            guard let screen = DeviceLayout.screen(for: device, canvas: deck.canvas, captions: deck.captions,
                                                   captionBand: band) else {
                let path = band > 0 ? "captions" : "device"
                result.issues.append(DeckIssue(path: path, message: "no room for the device: the canvas is "
                    + "\(deck.canvas.width)×\(deck.canvas.height)" + (band > 0 ? " and its captions take "
                        + "\(Self.points(band.rounded())) pt of its height" : "")))
                return result
            }
            result.deck.viewport = screen
        }
        result.warnings += cropWarnings(result.deck, pages)
        result.warnings += layoutWarnings(result.deck, pages)
        return result
    }

    /// Points as messages show them: whole, or to one decimal.
    static func points(_ x: Double) -> String {
        let tenths = (x * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }

    /// The page indices looked at, with the JSON path of each (a template's once).
    private func sample(_ deck: Deck) -> [(index: Int, path: String)] {
        let count = min(deck.pageCount, Self.sampledPages)
        // A template's problems are the template's: reported once, at its first page.
        if case .template = deck.pages { return count > 0 ? [(0, "pages.template")] + (1..<count).map { ($0, "") } : [] }
        return (0..<count).map { ($0, "pages[\($0)]") }
    }

    /// The picture a page shows over its whole area (its recording, else its image), with its JSON path.
    private func screenPicture(_ page: Page) -> (suffix: String, path: String, fit: Fit)? {
        if let video = page.video { return (".video", video.file, video.fit ?? page.fit) }
        if let image = page.image { return (".image", image, page.fit) }
        return nil
    }

    private func absolute(_ path: String) -> String {
        inputs.absolute(path)
    }

    /// The most common size among the pages' pictures (the first seen of equals); nil without any.
    private func commonScreenSize(_ deck: Deck, _ pages: [(index: Int, path: String)]) -> (width: Int, height: Int)? {
        var counts: [PixelSize: Int] = [:], order: [PixelSize] = []
        for (index, _) in pages {
            guard let picture = screenPicture(deck.page(at: index)), let size = sizes[absolute(picture.path)] else { continue }
            if counts[size] == nil { order.append(size) }
            counts[size, default: 0] += 1
        }
        let most = counts.values.max() ?? 0
        return order.first { counts[$0] == most }.map { ($0.width, $0.height) }
    }

    /// The wrap width captions get with the device centred across the canvas.
    private func captionWidth(_ deck: Deck) -> Double {
        max(1, deck.captions.maxWidth ?? Double(deck.canvas.width) - 2 * deck.captions.gap)
    }

    /// The height of each distinct caption of the sampled pages, set as the scene sets it.
    private func captionHeights(_ deck: Deck, _ pages: [(index: Int, path: String)]) -> [(path: String, height: Double)] {
        let style = deck.captions
        let width = captionWidth(deck)
        var measured: [String: Double] = [:]
        var heights: [(path: String, height: Double)] = []
        for (index, path) in pages {
            guard let caption = deck.page(at: index).caption, !caption.isEmpty else { continue }
            let height: Double
            if let known = measured[caption] {
                height = known
            } else {
                let text = TextStyle(string: caption, size: style.size, weight: style.weight, color: style.color,
                                     align: .center, font: style.font)
                // A font the text checker reports is no caption to measure.
                height = (try? self.text.layout(text, scale: 1, maxWidth: width).height) ?? 0
                measured[caption] = height
            }
            if !path.isEmpty { heights.append((path + ".caption", height)) }
        }
        return heights
    }

    /// What `fill` crops of screenshots of another shape than the page: once per file.
    private func cropWarnings(_ deck: Deck, _ pages: [(index: Int, path: String)]) -> [DeckIssue] {
        let size = deck.pageSize
        let page = Rect(x: 0, y: 0, width: size.width, height: size.height)
        guard page.width > 0, page.height > 0 else { return [] }
        var warned = Set<String>(), warnings: [DeckIssue] = []
        for (index, path) in pages where !path.isEmpty {
            let content = deck.page(at: index)
            guard let picture = screenPicture(content), picture.fit == .fill, warned.insert(picture.path).inserted,
                  let size = sizes[absolute(picture.path)], size.width > 0, size.height > 0 else { continue }
            let iw = Double(size.width), ih = Double(size.height)
            let k = max(page.width / iw, page.height / ih)
            let cutWidth = 1 - page.width / (iw * k), cutHeight = 1 - page.height / (ih * k)
            let cut = max(cutWidth, cutHeight)
            guard cut > 0.01 else { continue }
            let anchor = content.anchor(width: size.width, height: size.height, inDevice: deck.device != nil)
            let tall = cutHeight > cutWidth
            let kept: String = switch (tall, anchor) {
            case (false, _): "it is cut on both sides"
            case (true, .top): "its bottom is cut (anchor top)"
            case (true, .center): "its top and bottom are cut (anchor center)"
            case (true, .bottom): "its top is cut (anchor bottom)"
            }
            let percent = max(1, Int((100 * cut).rounded()))
            let name = MessageText.safe(picture.path, limit: 200)
            let pageSize = "\(Self.points(page.width))×\(Self.points(page.height)) pt"
            var message = "\(name) is \(size.width)×\(size.height) but its page is \(pageSize): fill crops "
            message += "\(percent)% of its \(tall ? "height" : "width") — \(kept); fit shows it whole"
            if !deck.automaticViewport, deck.device != nil {
                message += ", and without a viewport the screen takes the device's shape"
            }
            warnings.append(DeckIssue(path: path + picture.suffix, message: message))
        }
        return warnings
    }

    /// A device past the canvas's edges, captions the canvas cuts.
    private func layoutWarnings(_ deck: Deck, _ pages: [(index: Int, path: String)]) -> [DeckIssue] {
        var warnings: [DeckIssue] = []
        let cw = Double(deck.canvas.width), ch = Double(deck.canvas.height)
        let outline: Rect
        if let device = deck.device {
            let geometry = DeviceGeometry(device: device, screen: deck.viewport)
            let m = geometry.margins, screen = geometry.screen
            outline = geometry.body
            let past = [("left", m.left - screen.x), ("top", m.top - screen.y),
                        ("right", screen.x + screen.width + m.right - cw),
                        ("bottom", screen.y + screen.height + m.bottom - ch)].filter { $0.1 >= 0.5 }
            for (edge, amount) in past {
                warnings.append(DeckIssue(path: "viewport", message: "the device reaches "
                    + "\(Self.points(amount.rounded())) pt past the canvas's \(edge) edge"))
            }
        } else {
            outline = deck.viewport
        }
        let style = deck.captions
        let room = style.position == .bottom ? ch - (outline.y + outline.height) - style.gap : outline.y - style.gap
        let side = style.position == .bottom ? "below" : "above"
        let what = deck.device == nil ? "the viewport" : "the device"
        for (path, height) in captionHeights(deck, pages) where height > room + 0.5 {
            let message = room <= 0
                ? "the caption has no room \(side) \(what): \(what) and the gap of \(Self.points(style.gap)) pt reach "
                    + "the canvas's \(style.position == .bottom ? "bottom" : "top") edge"
                : "the caption needs \(Self.points(height.rounded(.up))) pt \(side) \(what) but "
                    + "\(Self.points(room.rounded(.down))) pt are left (\(Self.points((height - room).rounded(.up))) pt "
                    + "short): the canvas cuts it"
            warnings.append(DeckIssue(path: path, message: message))
        }
        return warnings
    }
}
