import Foundation
import PageReelDeck
import PageReelEncode
import PageReelMedia
import PageReelRaster

/// The deck `pagereel init` writes: three pages, two images drawn by pagereel itself, a script —
/// a working starting point that exports as is.
public enum Starter {
    static let deck = """
    {
      "pagereel": 1,
      "canvas": { "width": 1280, "height": 720, "fps": 30,
                  "background": { "from": "#1F1147", "to": "#3B4CC0", "angle": 120 } },
      "device": "auto",
      "captions": { "position": "bottom", "size": 28 },
      "transition": "cards",
      "page": { "cornerRadius": 0 },
      "pages": [
        { "background": { "from": "#FF8A7A", "to": "#FF5E62", "angle": 90 },
          "title": "Hello from pagereel", "subtitle": "Edit deck.json, then export again",
          "caption": "Your app, in a phone, on every pull request" },
        { "image": "images/screen.png", "caption": "Drop in your own screenshots" },
        { "background": "#5B5FEF", "caption": "Then export: MP4, GIF, WebM",
          "layers": [
            { "image": "images/badge.png", "x": 62, "y": 140, "width": 140, "height": 140, "parallax": { "x": -1 } },
            { "text": "Ship it", "x": 10, "y": 320, "width": 245, "size": 32, "weight": "bold", "align": "center",
              "parallax": { "x": -3 } },
            { "text": "Swap in your own screenshots and titles.", "x": 20, "y": 375, "width": 225, "size": 17,
              "align": "center", "color": "#FFFFFFD9" }
          ] }
      ],
      "indicator": "dots",
      "touches": true,
      "script": [
        { "wait": 0.6 },
        { "swipe": "next" },
        { "wait": 0.8 },
        { "swipe": "next" },
        { "wait": 0.8 },
        { "jump": { "to": 0, "through": false } }
      ]
    }

    """

    /// The deck for `target`: an App Store preview is three full screenshots of the target's
    /// shape under captions, no device (guideline 2.3.4), paging for 15–30 s; any other target is
    /// the usual deck on a canvas of its size.
    static func deckJSON(for target: Target?) -> String {
        guard let target else { return deck }
        guard target.store == .appStore else {
            let size = 28 * Double(target.height) / 720
            return deck.replacingOccurrences(of: #""width": 1280, "height": 720"#,
                                             with: "\"width\": \(target.width), \"height\": \(target.height)")
                .replacingOccurrences(of: #""size": 28"#, with: "\"size\": \(Int(size.rounded()))")
        }
        let (w, h) = (target.width, target.height)
        let screen = storeScreen(for: target)
        let captions = ["Your app, in its own words", "Show what it does, screen by screen",
                        "Then export one for every language"]
        let pages = captions.enumerated().map { k, caption in
            "    { \"image\": \"images/screen-\(k + 1).png\", \"caption\": \"\(caption)\" }"
        }.joined(separator: ",\n")
        return """
        {
          "pagereel": 1,
          "canvas": { "width": \(w), "height": \(h), "fps": 30,
                      "background": { "from": "#3B4CC0", "to": "#1F1147", "angle": 90 } },
          "viewport": { "width": \(screen.width), "height": \(screen.height), "y": \(h - screen.height - h / 40) },
          "clip": true,
          "page": { "cornerRadius": \(min(w, h) / 20) },
          "captions": { "position": "top", "size": \(min(w, h) / 22) },
          "touches": true,
          "pages": [
        \(pages)
          ],
          "script": [
            { "wait": 4 },
            { "swipe": "next" },
            { "wait": 5 },
            { "swipe": "next" },
            { "wait": 5 },
            { "jump": { "to": 0, "through": false } }
          ],
          "tail": 2
        }

        """
    }

    /// The screenshots' size in an App Store preview deck: the target's shape, 80% of its height.
    static func storeScreen(for target: Target) -> (width: Int, height: Int) {
        let height = target.height * 4 / 5
        return (Int((Double(height) * Double(target.width) / Double(target.height)).rounded()), height)
    }

    /// Writes `deck.json` and its images into `directory` (created if missing); never overwrites.
    /// All or nothing: the files are made in a hidden staging folder registered with
    /// `TemporaryFiles` and moved into place at the end, so a failure or a signal leaves neither a
    /// half-written deck nor a folder init created; a `cancellation` asked for before the move
    /// stops it (`.interrupted`). Returns the paths written.
    @discardableResult
    /// With a `target`, the deck is made for it (`deckJSON(for:)`).
    public static func write(to directory: String, target: Target? = nil,
                             cancellation: Cancellation? = nil) throws(PageReelError) -> [String] {
        let fm = FileManager.default
        let deckPath = (directory as NSString).appendingPathComponent("deck.json")
        let imagesPath = (directory as NSString).appendingPathComponent("images")
        for path in [deckPath, imagesPath] where fm.fileExists(atPath: path) {
            throw .cannotCreateOutput(path: path, message: "already exists; init does not overwrite anything")
        }
        // A new folder is staged beside it and renamed into place whole; into an existing folder,
        // the staging folder goes inside it and its two entries are moved out.
        let existed = fm.fileExists(atPath: directory)
        let name = ".pagereel-init-\(UUID().uuidString)"
        let staging = existed ? (directory as NSString).appendingPathComponent(name)
            : ((directory as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("." + (directory as NSString).lastPathComponent + name)
        TemporaryFiles.add(staging)
        defer {
            try? fm.removeItem(atPath: staging)
            TemporaryFiles.remove(staging)
        }
        try stage(into: staging, target: target)
        if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
        do {
            if existed {
                for (from, to) in [("images", imagesPath), ("deck.json", deckPath)] {
                    // Registered before the move, so a signal after it still removes it.
                    TemporaryFiles.add(to)
                    try fm.moveItem(atPath: (staging as NSString).appendingPathComponent(from), toPath: to)
                }
            } else {
                TemporaryFiles.add(directory)
                try fm.moveItem(atPath: staging, toPath: directory)
            }
        } catch {
            for path in [imagesPath, deckPath] + (existed ? [] : [directory]) where TemporaryFiles.paths.contains(path) {
                try? fm.removeItem(atPath: path)
                TemporaryFiles.remove(path)
            }
            throw .cannotCreateOutput(path: directory, message: error.localizedDescription)
        }
        for path in [imagesPath, deckPath, directory] { TemporaryFiles.remove(path) }
        return [deckPath] + images(for: target).map { (imagesPath as NSString).appendingPathComponent($0.name) }
    }

    /// The images the deck for `target` shows, by name, and how to draw each.
    private static func images(for target: Target?) -> [(name: String, draw: () throws(PageReelError) -> Pixmap)] {
        guard let target, target.store == .appStore else { return [("screen.png", screen), ("badge.png", badge)] }
        let size = storeScreen(for: target)
        return (1...3).map { k in ("screen-\(k).png", { () throws(PageReelError) in
            // A phone's 393 points across a portrait screen; a landscape one shows more.
            try screen(width: size.width, height: size.height,
                       scale: Double(min(size.width, size.height)) / (size.width > size.height ? 600 : 393), variant: k - 1)
        }) }
    }

    /// The deck and its images, drawn and written into `folder`.
    private static func stage(into folder: String, target: Target?) throws(PageReelError) {
        let imagesFolder = (folder as NSString).appendingPathComponent("images")
        do {
            try FileManager.default.createDirectory(atPath: imagesFolder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: folder, message: error.localizedDescription)
        }
        for (name, draw) in images(for: target) {
            let path = (imagesFolder as NSString).appendingPathComponent(name)
            let pixmap = try draw()
            do throws(EncodeError) {
                try PNGFile.write(pixmap, to: path)
            } catch {
                throw .writeFailed(path: path, message: error.description)
            }
        }
        let deckPath = (folder as NSString).appendingPathComponent("deck.json")
        do {
            try Data(deckJSON(for: target).utf8).write(to: URL(fileURLWithPath: deckPath))
        } catch {
            throw .writeFailed(path: deckPath, message: error.localizedDescription)
        }
    }

    /// A stand-in app screenshot the size of an iPhone 16 Pro's (1206×2622, drawn at 3 pixels per
    /// point), with its own status bar: a dark header and a list of rows. `"device": "auto"` picks
    /// the phone by this size, and its screen shows the whole picture.
    static func screen() throws(PageReelError) -> Pixmap {
        let model = DeviceModel.phone
        return try screen(width: model.pixelWidth, height: model.pixelHeight, scale: model.scale, variant: 0)
    }

    /// The stand-in screenshot at `width`×`height` pixels, `scale` pixels per point; `variant`
    /// changes the title and the colours, so pages tell apart.
    static func screen(width: Int, height: Int, scale k: Double, variant: Int) throws(PageReelError) -> Pixmap {
        let model = (width: Double(width) / k, height: Double(height) / k)
        var pixmap = Pixmap(width: width, height: height)
        func fill(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color) {
            pixmap.fill(x: Int(x * k), y: Int(y * k), width: Int(w * k), height: Int(h * k), color: color)
        }
        let palette = [Color(r: 0xFF, g: 0x6B, b: 0x6B), Color(r: 0x4E, g: 0xCD, b: 0xC4), Color(r: 0xFF, g: 0xB3, b: 0x47)]
        let accents = Array(palette[(variant % 3)...] + palette[..<(variant % 3)])
        let header = [Color(r: 0x21, g: 0x25, b: 0x34), Color(r: 0x2A, g: 0x9D, b: 0x8F), Color(r: 0xE7, g: 0x6F, b: 0x51)][variant % 3]
        pixmap.fill(r: 0xF6, g: 0xF7, b: 0xFA, a: 255)
        fill(0, 0, model.width, 150, header)
        let text = TextRenderer()
        let rows = ["Morning run · 5.2 km", "Standup at 9:30", "Review the designs", "Lunch with Sam", "Ship the release",
                    "Call the plumber", "Read for an hour"]
        do {
            // The app's own status bar: the time beside the island, the battery on the right.
            try text.draw(TextStyle(string: "9:41", size: 17, weight: .bold, color: .white), at: 52 * k, y: 20 * k,
                          scale: k, into: &pixmap)
            fill(model.width - 62, 24, 25, 12, .white)
            try text.draw(TextStyle(string: ["Today", "Plans", "Friends"][variant % 3], size: 34, weight: .bold, color: .white),
                          at: 20 * k, y: 88 * k,
                          scale: k, into: &pixmap)
            for (i, row) in rows.enumerated() {
                let top = 170 + Double(i) * 96
                fill(16, top, model.width - 32, 82, .white)
                fill(16, top, 6, 82, accents[i % accents.count])
                try text.draw(TextStyle(string: row, size: 18, color: Color(r: 0x1E, g: 0x20, b: 0x2C)),
                              at: 36 * k, y: (top + 16) * k, scale: k, into: &pixmap)
                try text.draw(TextStyle(string: "\(i + 1) of \(rows.count)", size: 14, color: Color(r: 0x6E, g: 0x72, b: 0x82)),
                              at: 36 * k, y: (top + 48) * k, scale: k, into: &pixmap)
            }
        } catch {
            throw .render(error)
        }
        return pixmap
    }

    /// A badge (300×300): a warm square with a tick.
    static func badge() throws(PageReelError) -> Pixmap {
        var pixmap = Pixmap(width: 300, height: 300)
        pixmap.fill(r: 0xFF, g: 0xB3, b: 0x47, a: 255)
        pixmap.fill(x: 0, y: 150, width: 300, height: 150, color: Color(r: 0xFF, g: 0x9F, b: 0x1C))
        do {
            try TextRenderer().draw(TextStyle(string: "✓", size: 200, weight: .bold, color: .white, align: .center),
                                    at: 0, y: 20, maxWidth: 300, into: &pixmap)
        } catch {
            throw .render(error)
        }
        return pixmap
    }
}
