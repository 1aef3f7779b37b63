import Foundation
import Synchronization
import PageReelDeck
import PageReelRaster
import Testing

@Suite struct FontResolverTests {
    static let dejavu = "/usr/share/fonts/truetype/dejavu/"

    @Test(arguments: [(FontWeight.regular, "DejaVuSans.ttf"), (.bold, "DejaVuSans-Bold.ttf")])
    func dejaVuSansResolves(weight: FontWeight, file: String) throws {
        let match = try FontResolver().resolve(family: "DejaVu Sans", weight: weight)
        #expect(match.path == Self.dejavu + file)
        #expect(match.family == "DejaVu Sans")
        #expect(match.isExactMatch)
        #expect(match.faceIndex == 0)
    }

    @Test func familyIsComparedCaseInsensitively() throws {
        let match = try FontResolver().resolve(family: "dejavu SANS mono", weight: .regular)
        #expect(match.path == Self.dejavu + "DejaVuSansMono.ttf")
        #expect(match.isExactMatch)
    }

    @Test func unknownFamilyStillResolvesButIsNotExact() throws {
        let match = try FontResolver().resolve(family: "No Such Family Pagereel", weight: .regular)
        #expect(!match.isExactMatch)
        #expect(match.family != "No Such Family Pagereel")
        #expect(FileManager.default.fileExists(atPath: match.path))
    }

    @Test func fontPathIsUsedDirectly() throws {
        let path = Self.dejavu + "DejaVuSerif.ttf"
        // The weight cannot change a file.
        #expect(try FontResolver().resolve(family: path, weight: .bold)
            == FontResolver.Match(path: path, family: path, isExactMatch: true))
    }

    @Test func missingFontPathIsNotFound() {
        #expect(throws: RasterError.notFound(path: "/nonexistent/Brand.otf")) {
            try FontResolver().resolve(family: "/nonexistent/Brand.otf", weight: .regular)
        }
    }

    @Test func relativeFontPathIsResolvedAgainstTheBaseDirectory() throws {
        let cache = FontCache(baseDirectory: "/usr/share/fonts/truetype")
        #expect(try cache.match(family: "dejavu/DejaVuSans-Bold.ttf", weight: .regular).path
            == Self.dejavu + "DejaVuSans-Bold.ttf")
        #expect(throws: RasterError.notFound(path: "/usr/share/fonts/truetype/missing.ttf")) {
            try cache.match(family: "missing.ttf", weight: .regular)
        }
    }

    @Test func sharedResolverGivesTheSameAnswersFromManyThreads() throws {
        let resolver = FontResolver()
        let requests: [(String, FontWeight)] = [("DejaVu Sans", .regular), ("DejaVu Sans", .bold),
                                                ("DejaVu Serif", .regular), ("DejaVu Sans Mono", .bold)]
        let serial = try requests.map { try FontResolver().resolve(family: $0.0, weight: $0.1) }
        let results = Mutex<[Int: FontResolver.Match]>([:])
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let request = requests[i % requests.count]
            let match = try? resolver.resolve(family: request.0, weight: request.1)
            results.withLock { $0[i] = match }
        }
        for (i, match) in results.withLock({ $0 }) { #expect(match == serial[i % requests.count]) }
        #expect(results.withLock { $0.count } == 64)
    }
}
