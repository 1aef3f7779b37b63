import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode
import PageReelRaster

/// The LZW size estimate, checked by hand and byte for byte against FFmpeg's GIF encoder.
@Suite struct LZWSizerTests {
    let scratch = ScratchDirectory()

    @Test func lzwSizeOfARunIsHandComputed() {
        // 0 0 0 0 → CLEAR, 0, 258 ("00"), 0, END: five 9-bit codes + 1 pad bit = 46 bits = 6 bytes.
        let sizer = LZWSizer()
        sizer.start()
        for _ in 0..<4 { sizer.add(0) }
        #expect(sizer.finish() == 6)
        #expect(sizer.totalBits == 46)
    }

    /// Sizes from a few hundred codes to several table clears (every 3837 codes).
    @Test(arguments: [(97, 61), (200, 150), (333, 77)])
    func lzwSizeMatchesFFmpegsEncoder(w: Int, h: Int) throws {
        // The first GIF frame is stored whole with its own palette: its indices can be rebuilt
        // from the decoded colours, and the estimate must equal the bytes FFmpeg wrote.
        var frame = Pixmap(width: w, height: h)
        var state: UInt32 = 7
        for p in 0..<w * h {
            state = state &* 1_103_515_245 &+ 12345
            let level = UInt8((state >> 16) % 40 * 6)
            frame.pixels[p * 4] = level
            frame.pixels[p * 4 + 1] = 255 - level
            frame.pixels[p * 4 + 2] = UInt8((p / w) * 4 / h * 60)   // 4 values: 160 colours in all
            frame.pixels[p * 4 + 3] = 255
        }
        let path = try scratch.directory("lzw\(w)x\(h)") + "/one.gif"
        let writer = try GIFWriter(path: path, options: GIFOptions(width: w, height: h, fps: 10))
        try writer.write(frame, index: 0)
        try writer.finish()
        let image = try #require(try GIFStructure([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).images.first)
        var index: [UInt32: UInt8] = [:]
        for (i, colour) in image.localPalette.enumerated() where index[colour] == nil { index[colour] = UInt8(i) }
        let sizer = LZWSizer()
        sizer.start()
        for p in 0..<w * h {
            let colour = UInt32(frame.pixels[p * 4]) << 16 | UInt32(frame.pixels[p * 4 + 1]) << 8 | UInt32(frame.pixels[p * 4 + 2])
            sizer.add(try #require(index[colour]))
        }
        #expect(sizer.finish() == image.dataBytes)
    }
}
