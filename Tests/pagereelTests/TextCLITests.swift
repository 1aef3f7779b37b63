import Foundation
import PageReelTestSupport
import Testing

/// Text as users meet it through the binary: fonts that are missing, fonts beside the deck,
/// characters no font has, and the international sample.
@Suite struct TextCLITests {
    let scratch = ScratchDirectory()

    func write(_ json: String, named name: String = "deck.json", in folder: String) throws -> String {
        let path = folder + "/" + name
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFamilyThatIsNotInstalledExits66NamingIt() throws {
        let folder = try scratch.directory()
        let deck = try write("""
        { "pagereel": 1, "pages": [ { "layers": [ { "text": "Hi", "font": "Inter Pagereel" } ] } ],
          "tabs": { "titles": ["Home"], "font": "DejaVu Sanz" } }
        """, in: folder)
        for command in [["validate", deck], ["export", deck, "-o", folder + "/out.mp4"], ["still", deck, "--frame", "0", "-o", folder + "/s.png"]] {
            let out = try Command.run(CLI.binary, command)
            #expect(out.status == 66, "\(command[0]): \(out.stderr)")
            #expect(out.stderr.contains("deck.json:1:67: pages[0].layers[0].font: font \"Inter Pagereel\": is not installed; the closest installed"))
            #expect(out.stderr.contains("deck.json:2:41: tabs.font: font \"DejaVu Sanz\": is not installed; the closest installed family is \"DejaVu Sans\""))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["deck.json"])
    }

    @Test func aFontFileBesideTheDeckMakesItsFamilyResolve() throws {
        let folder = try scratch.directory()
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        try Data(try FontFixtures.renamedDejaVuSerif()).write(to: URL(fileURLWithPath: folder + "/fonts/Brand.ttf"))
        let page = ##"{ "background": "#FFFFFF", "layers": [ { "text": "Brand", "font": "Zqxjkv Serif", "color": "#000000", "size": 60 } ] }"##
        let without = try write(#"{ "pagereel": 1, "pages": [ \#(page) ] }"#, named: "without.json", in: folder)
        let missing = try CLI.run("validate", without)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("font \"Zqxjkv Serif\": is not installed"))

        let deck = try write(#"{ "pagereel": 1, "fonts": ["fonts/Brand.ttf"], "pages": [ \#(page) ] }"#, in: folder)
        let ok = try CLI.run("validate", deck)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stderr.isEmpty)
        // Drawn in it: the same still as with the font file named directly, which is DejaVu Serif
        // renamed, and unlike DejaVu Sans.
        let byPath = try write(#"{ "pagereel": 1, "pages": [ \#(page.replacingOccurrences(of: "Zqxjkv Serif", with: "fonts/Brand.ttf")) ] }"#,
                               named: "path.json", in: folder)
        let sans = try write(#"{ "pagereel": 1, "pages": [ \#(page.replacingOccurrences(of: "Zqxjkv Serif", with: "DejaVu Sans")) ] }"#,
                             named: "sans.json", in: folder)
        var stills: [Data] = []
        for (name, file) in [("family", deck), ("path", byPath), ("sans", sans)] {
            let out = try CLI.run("still", file, "--frame", "0", "-o", folder + "/\(name).png")
            #expect(out.status == 0, "\(name): \(out.stderr)")
            stills.append(try Data(contentsOf: URL(fileURLWithPath: folder + "/\(name).png")))
        }
        #expect(stills[0] == stills[1])
        #expect(stills[0] != stills[2])
    }

    @Test func aCharacterNoFontHasIsAWarning() throws {
        let folder = try scratch.directory()
        let deck = try write(#"{ "pagereel": 1, "pages": [ { "title": "Hi \uE123", "subtitle": "ok" } ] }"#, in: folder)
        let out = try CLI.run("validate", deck)
        #expect(out.status == 0)
        #expect(out.stderr == "\(deck):1:40: pages[0].title: warning: no installed font has U+E123\n")
        let export = try CLI.run("export", deck, "-o", folder + "/a.gif")
        #expect(export.status == 0)
        #expect(export.stderr.contains("warning: no installed font has U+E123"))
        let quiet = try CLI.run("export", deck, "-q", "-o", folder + "/b.gif")
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }

    /// The international sample has no warnings, and its text is in colour where it has emoji.
    @Test func internationalSample() throws {
        let deck = CLI.samples + "/international/deck.json"
        let out = try CLI.run("validate", deck)
        #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
        let png = try scratch.directory() + "/s.png"
        #expect(try CLI.run("still", deck, "--frame", "0", "-o", png).status == 0)
        // ffmpeg reads the still back independently: the emoji in the first title is colourful.
        // Inside the first page (a red-orange gradient with white text, below the dark tab bar)
        // blue can only come from the party popper's confetti.
        let rgb = try Command.check("ffmpeg", ["-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        var blue = 0
        for y in 120..<650 {
            for x in 470..<810 {
                let i = (y * 1280 + x) * 3
                if rgb[i + 2] > 150 && rgb[i] < 120 { blue += 1 }
            }
        }
        #expect(blue > 20, "\(blue) blue pixels")
    }
}
