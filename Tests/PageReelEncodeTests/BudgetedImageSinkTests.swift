import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelMedia

/// Size budgets for animated images: a budget already met changes nothing; a tighter one fits
/// with at most three encodes, decodes with Pillow, and gives way in the documented order; an
/// impossible one is refused.
@Suite struct BudgetedImageSinkTests {
    let scratch = ScratchDirectory()
    static let width = 160, height = 120
    static let frames = TestFrames.swipe(width: width, height: height, moving: 20, still: 4, distance: width)
        + TestFrames.swipe(width: width, height: height, moving: 20, still: 4, distance: width).reversed()

    func writer(_ format: ImageBudget.Format, path: String, _ encoding: ImageEncoding) throws(EncodeError) -> FrameSink {
        switch format {
        case .gif:
            try GIFWriter(path: path, options: GIFOptions(width: encoding.width, height: encoding.height, fps: encoding.fps,
                                                          quality: encoding.quality ?? 80))
        case .webp:
            try WebPWriter(path: path, options: WebPOptions(width: encoding.width, height: encoding.height, fps: encoding.fps,
                                                            quality: encoding.quality ?? 80))
        case .apng:
            try APNGWriter(path: path, options: APNGOptions(width: encoding.width, height: encoding.height, fps: encoding.fps))
        }
    }

    static func requested(_ format: ImageBudget.Format) -> ImageEncoding {
        ImageEncoding(width: width, height: height, fps: 30, quality: format == .apng ? nil : 80)
    }

    /// Encodes the frames with no budget (nil) or in `budget`; the file's bytes and the fit.
    func encode(_ format: ImageBudget.Format, budget: Int?, name: String) throws -> (bytes: [UInt8], fit: BudgetFit?) {
        let path = try scratch.directory(name) + "/out"
        let requested = Self.requested(format)
        let first = try writer(format, path: path, requested)
        let sink: FrameSink = budget.map { bytes in
            BudgetedImageSink(path: path, budget: ByteSize(bytes: bytes), format: format, requested: requested, first: first) {
                path, encoding throws(EncodeError) in try self.writer(format, path: path, encoding)
            }
        } ?? first
        for (i, frame) in Self.frames.enumerated() { try sink.write(frame, index: i) }
        try sink.finish()
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers == ["out"], "no candidate or spill file is left behind")
        return ([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), (sink as? BudgetedImageSink)?.fit)
    }

    @Test(arguments: [ImageBudget.Format.gif, .webp, .apng])
    func aBudgetAlreadyMetChangesNothing(format: ImageBudget.Format) throws {
        let plain = try encode(format, budget: nil, name: "plain\(format)")
        let budgeted = try encode(format, budget: plain.bytes.count, name: "budget\(format)")
        #expect(budgeted.bytes == plain.bytes)
        #expect(budgeted.fit?.encodes == 1 && budgeted.fit?.chosen == Self.requested(format))
    }

    @Test(arguments: [(ImageBudget.Format.gif, 0.6), (.gif, 0.25), (.webp, 0.5), (.webp, 0.2), (.apng, 0.5)])
    func aTighterBudgetFitsInAtMostThreeEncodes(format: ImageBudget.Format, fraction: Double) throws {
        let plain = try encode(format, budget: nil, name: "plain\(format)\(fraction)")
        let budget = Int(Double(plain.bytes.count) * fraction)
        let (bytes, fit) = try encode(format, budget: budget, name: "fit\(format)\(fraction)")
        let chosen = try #require(fit?.chosen)
        #expect(bytes.count <= budget && fit?.bytes == bytes.count)
        #expect((2...3).contains(fit?.encodes ?? 0))
        // Something gave way, never upwards.
        #expect(chosen != Self.requested(format))
        #expect(chosen.fps <= 30 && 30 % chosen.fps == 0 && chosen.width <= Self.width && (chosen.quality ?? 0) <= 80)
        // What Pillow decodes has the chosen size and lasts as long as the frames.
        let path = try scratch.directory("decode\(format)\(fraction)") + "/out"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let decoded = try AnimatedImage.decode(path)
        #expect(decoded.rgba.count == decoded.frames * chosen.width * chosen.height * 4)
        let length: Double = decoded.durations.reduce(0, +), expected = 1000 * Double(Self.frames.count) / 30
        #expect(abs(length - expected) <= 10)
    }

    @Test func theOrderIsQualityThenRateThenWidth() {
        let ladder = ImageBudget(format: .gif, requested: ImageEncoding(width: 1280, height: 720, fps: 30, quality: 80)).ladder
        let firstRate = try? #require(ladder.firstIndex { $0.fps < 30 })
        let firstWidth = try? #require(ladder.firstIndex { $0.width < 1280 })
        #expect(ladder[0] == ImageEncoding(width: 1280, height: 720, fps: 30, quality: 80))
        #expect(ladder[1...].prefix { $0.fps == 30 }.map(\.quality) == [75, 70, 65, 60])
        #expect(ladder[firstRate!].quality == 60 && ladder[firstRate!].fps == 15)
        #expect(firstWidth! > firstRate! && ladder[firstWidth!].width == 1152 && ladder[firstWidth!].height == 648)
        let last = try? #require(ladder.last)
        #expect(last?.fps == 10 && last?.quality == 30 && (320..<360).contains(last?.width ?? 0))
        // Every step gives way somewhere and never takes back.
        for (a, b) in zip(ladder, ladder.dropFirst()) {
            #expect(b.fps <= a.fps && b.width <= a.width && b.quality! <= a.quality! && a != b)
        }
        let apng = ImageBudget(format: .apng, requested: ImageEncoding(width: 640, height: 360, fps: 60, quality: nil)).ladder
        #expect(apng.map(\.fps).prefix(4) == [60, 30, 20, 15])
    }

    @Test func anImpossibleBudgetIsRefusedNamingIt() throws {
        #expect {
            _ = try encode(.gif, budget: 2000, name: "impossible")
        } throws: { error in
            guard case EncodeError.overBudget(_, let budget, let smallest) = error else { return false }
            return budget == "2 KB" && smallest.contains("quality 30, 10 fps")
        }
    }

    @Test func spilledFramesComeBackExactly() throws {
        let folder = try scratch.directory()
        let store = FrameStore(width: Self.width, height: Self.height, spillPath: folder + "/spill",
                               memoryLimit: 3 * Self.width * Self.height * 4)
        for (i, frame) in Self.frames.enumerated() { try store.add(frame, index: i, repeatsPrevious: false) }
        #expect(store.spilledBytes > 0)
        var k = 0
        try store.forEach { pixmap, indices in
            #expect(pixmap == Self.frames[indices.lowerBound] && indices.allSatisfy { Self.frames[$0] == pixmap })
            k = indices.upperBound
        }
        #expect(k == Self.frames.count)
        #expect(try store.frame(at: 30).pixmap == Self.frames[30])
    }
}
