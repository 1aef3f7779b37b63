import Foundation
import PageReelEncode
import PageReelMedia
import PageReelRaster
import PageReelTestSupport

/// Small decks written to a scratch folder, with their images.
enum TestDecks {
    /// A 160×96 deck of three pages (colour, image, gradient) with swipes and a jump: about 2.4 s.
    static let small = """
    {
      "pagereel": 1,
      "canvas": { "width": 160, "height": 96, "fps": 20, "background": "#102030" },
      "viewport": { "x": 50, "y": 8, "width": 60, "height": 80 },
      "transition": "cards",
      "page": { "cornerRadius": 6 },
      "pages": [
        { "background": "#FF0000", "title": "One" },
        { "image": "shot.png", "fit": "fill" },
        { "background": { "from": "#00FF00", "to": "#0000FF" } }
      ],
      "script": [
        { "wait": 0.3 },
        { "swipe": "next" },
        { "wait": 0.2 },
        { "swipe": "next" },
        { "jump": { "to": 0, "through": false } }
      ],
      "tail": 0.3
    }
    """

    /// Writes `json` as deck.json (plus shot.png) into a new folder of `scratch`; returns the deck path.
    static func write(_ json: String = small, in scratch: ScratchDirectory, name: String = #function) throws -> String {
        let folder = try scratch.directory(name)
        let deck = folder + "/deck.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: deck))
        var shot = Pixmap(width: 30, height: 40)
        shot.fill(r: 250, g: 250, b: 250, a: 255)
        for y in 0..<8 {
            for x in 0..<30 { shot.pixels.replaceSubrange(((y * 30 + x) * 4)..<((y * 30 + x) * 4 + 4), with: [40, 40, 60, 255]) }
        }
        try PNGFile.write(shot, to: folder + "/shot.png")
        return deck
    }
}
