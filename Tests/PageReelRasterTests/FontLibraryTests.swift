import Foundation
import PageReelDeck
import PageReelRaster
import PageReelTestSupport
import Testing

@Suite struct FontLibraryTests {
    static let dejavu = "/usr/share/fonts/truetype/dejavu/"

    @Test func installedFamiliesAreFound() {
        let library = FontLibrary()
        #expect(library.isInstalled("DejaVu Sans"))
        // As fontconfig compares: case and blanks do not matter.
        #expect(library.isInstalled("dejavu sans MONO"))
        #expect(library.isInstalled("Noto Sans Devanagari"))
        #expect(!library.isInstalled("Inter Pagereel"))
        #expect(library.installedFamilies.contains("DejaVu Sans"))
    }

    @Test func aMissingFamilyIsAnErrorNamingTheClosest() {
        let library = FontLibrary()
        do {
            _ = try library.family(for: "DejaVu Sanz")
            Issue.record("resolved a family that is not installed")
        } catch {
            #expect(error.description.hasPrefix(
                "font \"DejaVu Sanz\": is not installed; the closest installed family is \"DejaVu Sans\""),
                "\(error)")
        }
        // Something is always offered, even when nothing is near.
        #expect(library.closestFamilies(to: "Qwxz").count == 3)
        // And rendering in it fails instead of drawing in another font.
        #expect(throws: RasterError.self) {
            try TextRenderer(fonts: library).layout(TextStyle(string: "x", font: "Inter Pagereel"))
        }
    }

    @Test func familyListsFallBackAsInCSS() throws {
        let library = FontLibrary()
        #expect(try library.family(for: "Inter Pagereel, DejaVu Serif") == "Inter Pagereel,DejaVu Serif")
        #expect(try library.family(for: "Inter Pagereel, sans-serif") == "Inter Pagereel,sans-serif")
        #expect(throws: RasterError.self) { try library.family(for: "Inter Pagereel, Roboto Pagereel") }
        let layout = try TextRenderer(fonts: library).layout(TextStyle(string: "x", font: "Inter Pagereel, DejaVu Serif"))
        #expect(layout.runs[0].fontFile == Self.dejavu + "DejaVuSerif.ttf")
    }

    @Test func fontFilesBesideTheDeckRegisterTheirFamilies() throws {
        try ScratchFolder.with { folder in
            _ = try ScratchFolder.write(try FontFixtures.renamedDejaVuSerif(), named: "Brand.ttf", in: folder)
            #expect(throws: RasterError.self) { try FontLibrary().family(for: "Zqxjkv Serif") }
            let library = FontLibrary(files: ["Brand.ttf"], baseDirectory: folder.path)
            #expect(library.fileError == nil)
            #expect(try library.family(for: "Zqxjkv Serif") == "Zqxjkv Serif")
            let layout = try TextRenderer(fonts: library).layout(TextStyle(string: "Brand", font: "Zqxjkv Serif"))
            #expect(layout.runs.map(\.fontFile) == [folder.appendingPathComponent("Brand.ttf").path])
            // A path as the family works too, relative to the deck.
            let byPath = FontLibrary(baseDirectory: folder.path)
            #expect(try byPath.family(for: "Brand.ttf") == "Zqxjkv Serif")
            // A folder of fonts.
            let byFolder = FontLibrary(files: ["."], baseDirectory: folder.path)
            #expect(try byFolder.family(for: "Zqxjkv Serif") == "Zqxjkv Serif")
        }
    }

    @Test func badFontFilesAreReported() throws {
        try ScratchFolder.with { folder in
            _ = try ScratchFolder.write(Array("not a font".utf8), named: "Fake.otf", in: folder)
            let library = FontLibrary(baseDirectory: folder.path)
            #expect(throws: RasterError.notFound(path: "Missing.ttf")) { try library.add("Missing.ttf") }
            #expect(throws: RasterError.badFont(path: "Fake.otf", message: "not a font file (TrueType, OpenType or a collection)")) {
                try library.add("Fake.otf")
            }
            // A library made with a bad file refuses to lay out text rather than substituting.
            let broken = FontLibrary(files: ["Missing.ttf"], baseDirectory: folder.path)
            #expect(broken.fileError == .notFound(path: "Missing.ttf"))
            #expect(throws: RasterError.notFound(path: "Missing.ttf")) { try broken.family(for: "DejaVu Sans") }
        }
    }

    @Test func boldComesFromTheBoldFace() throws {
        let layout = try TextRenderer().layout(TextStyle(string: "Bold", weight: .bold))
        #expect(layout.runs[0].fontFile == Self.dejavu + "DejaVuSans-Bold.ttf")
    }
}
