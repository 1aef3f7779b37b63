import Foundation
import PageReelEncode
import PageReelMedia
import PageReelRaster
import Testing

/// Compares `pixmap` exactly with the reference PNG
/// `<test file's folder>/__Snapshots__/<test file name>/<name>.png`.
///
/// PNG stores straight alpha, so the pixmap goes through the same PNG round trip as the golden
/// before comparing. `PAGEREEL_RECORD_GOLDENS=1` writes the golden and records an issue (a recording
/// run never passes silently). On a mismatch `<name>.actual.png` and `<name>.diff.png` (differing
/// pixels red over a faded copy of the actual image) are written next to the golden.
func expectGolden(_ pixmap: Pixmap, _ name: String, tolerance: GoldenTolerance = .exact, filePath: String = #filePath,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    precondition(pixmap.width <= 256 && pixmap.height <= 256, "goldens are at most 256 px per side")
    let testFile = URL(fileURLWithPath: filePath)
    let folder = testFile.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let golden = folder.appendingPathComponent("\(name).png")
    do {
        let encoded = try PNGWriter.encode(pixmap, for: golden.path)
        if ProcessInfo.processInfo.environment["PAGEREEL_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(encoded).write(to: golden)
            Issue.record("Recorded golden \(golden.path); run again without PAGEREEL_RECORD_GOLDENS to compare.",
                         sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: golden.path) else {
            Issue.record("""
                Missing golden \(golden.path). Record it with `PAGEREEL_RECORD_GOLDENS=1 swift test \
                --filter PageReelRasterTests`, look at it, and commit it.
                """, sourceLocation: sourceLocation)
            return
        }
        let actual = try ImageDecoder.decode(bytes: encoded, name: "\(name) (actual)")
        let expected = try ImageDecoder.decode(fileAt: golden.path)
        let actualFile = folder.appendingPathComponent("\(name).actual.png")
        guard actual.width == expected.width, actual.height == expected.height else {
            try Data(encoded).write(to: actualFile)
            Issue.record("""
                \(name): size \(actual.width)×\(actual.height) differs from the golden's \
                \(expected.width)×\(expected.height); wrote \(actualFile.path)
                """, sourceLocation: sourceLocation)
            return
        }
        let comparison = GoldenComparison(actual: actual, expected: expected, tolerance: tolerance)
        guard comparison.differingPixels > tolerance.allowedPixels(actual.width * actual.height) else { return }
        let diffFile = folder.appendingPathComponent("\(name).diff.png")
        try Data(encoded).write(to: actualFile)
        try PNGFile.write(comparison.diff, to: diffFile.path)
        Issue.record("""
            \(name): \(comparison.differingPixels) pixels differ from the golden (max channel difference \
            \(comparison.maxChannelDifference)); wrote \(actualFile.path) and \(diffFile.path)
            """, sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(name): \(error)", sourceLocation: sourceLocation)
    }
}

/// How close an image must be to its golden.
///
/// Text is drawn by FreeType, HarfBuzz and Pango, whose updates move anti-aliasing and glyph
/// positions by a fraction of a pixel; a text golden compared exactly would break on every
/// distribution update without anything being wrong. `.text` accepts a pixel when the golden has
/// a pixel within `channels` of it somewhere in its 3×3 neighbourhood, and a few stray pixels:
/// a shifted or re-antialiased glyph passes, a different glyph, line break or colour does not.
struct GoldenTolerance {
    /// Largest channel difference that still counts as the same pixel.
    var channels: Int
    /// How far (in pixels) a matching pixel may be.
    var radius: Int
    /// Fraction of pixels allowed to have no match.
    var strayFraction: Double

    static let exact = GoldenTolerance(channels: 0, radius: 0, strayFraction: 0)
    static let text = GoldenTolerance(channels: 64, radius: 1, strayFraction: 0.01)

    func allowedPixels(_ total: Int) -> Int { Int(Double(total) * strayFraction) }
}

/// Pixel-by-pixel comparison of two equally sized pixmaps, with a diff image.
struct GoldenComparison {
    var differingPixels = 0
    var maxChannelDifference = 0
    /// Differing pixels in opaque red; the others the actual image over white, faded toward white.
    var diff: Pixmap

    init(actual: Pixmap, expected: Pixmap, tolerance: GoldenTolerance = .exact) {
        precondition(actual.width == expected.width && actual.height == expected.height)
        diff = Pixmap(width: actual.width, height: actual.height)
        let width = actual.width, height = actual.height
        /// Whether pixel `i` of `a` has a pixel within the tolerance near it in `b`.
        func matched(_ a: Pixmap, _ b: Pixmap, _ i: Int) -> Bool {
            let x = (i / 4) % width, y = (i / 4) / width
            for dy in -tolerance.radius...tolerance.radius {
                for dx in -tolerance.radius...tolerance.radius {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                    let j = (ny * width + nx) * 4
                    if (0..<4).allSatisfy({ abs(Int(a.pixels[i + $0]) - Int(b.pixels[j + $0])) <= tolerance.channels }) {
                        return true
                    }
                }
            }
            return false
        }
        for i in stride(from: 0, to: actual.pixels.count, by: 4) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(actual.pixels[i + c]) - Int(expected.pixels[i + c]))) }
            maxChannelDifference = max(maxChannelDifference, worst)
            let differs = worst > 0 && (tolerance.channels == 0 && tolerance.radius == 0
                                        || !matched(actual, expected, i) || !matched(expected, actual, i))
            if differs {
                differingPixels += 1
                diff.pixels.replaceSubrange(i..<i + 4, with: [255, 0, 0, 255])
            } else {
                let transparency = 255 - Int(actual.pixels[i + 3])
                for c in 0..<3 {
                    let overWhite = Int(actual.pixels[i + c]) + transparency
                    diff.pixels[i + c] = UInt8(170 + overWhite / 3)
                }
                diff.pixels[i + 3] = 255
            }
        }
    }
}
