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
      "viewport": { "y": 36, "width": 300, "height": 533 },
      "device": "phone",
      "captions": { "position": "bottom", "size": 28 },
      "transition": "cards",
      "page": { "cornerRadius": 0 },
      "pages": [
        { "background": { "from": "#FF8A7A", "to": "#FF5E62", "angle": 90 },
          "title": "Hello from pagereel", "subtitle": "Edit deck.json, then export again",
          "caption": "Your app, in a phone, on every pull request" },
        { "image": "images/screen.png", "fit": "fill", "caption": "Drop in your own screenshots" },
        { "background": "#5B5FEF", "caption": "Then export: MP4, GIF, WebM",
          "layers": [
            { "image": "images/badge.png", "x": 80, "y": 110, "width": 140, "height": 140, "parallax": { "x": -1 } },
            { "text": "Ship it", "x": 10, "y": 300, "width": 280, "size": 32, "weight": "bold", "align": "center",
              "parallax": { "x": -3 } },
            { "text": "Swap in your own screenshots and titles.", "x": 25, "y": 355, "width": 250, "size": 17,
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

    /// Writes `deck.json` and its images into `directory` (created if missing); never overwrites.
    /// All or nothing: the files are made in a hidden staging folder registered with
    /// `TemporaryFiles` and moved into place at the end, so a failure or a signal leaves neither a
    /// half-written deck nor a folder init created; a `cancellation` asked for before the move
    /// stops it (`.interrupted`). Returns the paths written.
    @discardableResult
    public static func write(to directory: String, cancellation: Cancellation? = nil) throws(PageReelError) -> [String] {
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
        try stage(into: staging)
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
        return [deckPath] + ["screen.png", "badge.png"].map { (imagesPath as NSString).appendingPathComponent($0) }
    }

    /// The deck and its images, drawn and written into `folder`.
    private static func stage(into folder: String) throws(PageReelError) {
        let images = (folder as NSString).appendingPathComponent("images")
        do {
            try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: folder, message: error.localizedDescription)
        }
        for (name, draw) in [("screen.png", screen), ("badge.png", badge)] {
            let path = (images as NSString).appendingPathComponent(name)
            let pixmap = try draw()
            do throws(EncodeError) {
                try PNGFile.write(pixmap, to: path)
            } catch {
                throw .writeFailed(path: path, message: error.description)
            }
        }
        let deckPath = (folder as NSString).appendingPathComponent("deck.json")
        do {
            try Data(deck.utf8).write(to: URL(fileURLWithPath: deckPath))
        } catch {
            throw .writeFailed(path: deckPath, message: error.localizedDescription)
        }
    }

    /// A stand-in app screenshot (680×1208): a dark header and a list of rows.
    static func screen() throws(PageReelError) -> Pixmap {
        var pixmap = Pixmap(width: 680, height: 1208)
        pixmap.fill(r: 0xF6, g: 0xF7, b: 0xFA, a: 255)
        pixmap.fill(x: 0, y: 0, width: 680, height: 190, color: Color(r: 0x21, g: 0x25, b: 0x34))
        let text = TextRenderer()
        let accents = [Color(r: 0xFF, g: 0x6B, b: 0x6B), Color(r: 0x4E, g: 0xCD, b: 0xC4), Color(r: 0xFF, g: 0xB3, b: 0x47)]
        let rows = ["Morning run · 5.2 km", "Standup at 9:30", "Review the designs", "Lunch with Sam", "Ship the release"]
        do {
            try text.draw(TextStyle(string: "Today", size: 64, weight: .bold, color: .white), at: 44, y: 70, into: &pixmap)
            for (i, row) in rows.enumerated() {
                let top = 230 + i * 170
                pixmap.fill(x: 32, y: top, width: 616, height: 146, color: .white)
                pixmap.fill(x: 32, y: top, width: 14, height: 146, color: accents[i % accents.count])
                try text.draw(TextStyle(string: row, size: 36, color: Color(r: 0x1E, g: 0x20, b: 0x2C)),
                              at: 80, y: Double(top) + 30, into: &pixmap)
                try text.draw(TextStyle(string: "\(i + 1) of \(rows.count)", size: 26, color: Color(r: 0x6E, g: 0x72, b: 0x82)),
                              at: 80, y: Double(top) + 88, into: &pixmap)
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
