import Foundation
import Testing
import PageReelTestSupport
import PageReelEncode
import PageReelMedia

/// PNG frames checked by name and by decoding them with ffmpeg.
@Suite struct PNGSequenceWriterTests {
    let scratch = ScratchDirectory()

    /// ffmpeg's RGBA decoding of one PNG.
    func decodeRGBA(_ path: String) throws -> [UInt8] {
        [UInt8](try Command.check("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
    }

    @Test func framesAreNamedByAbsoluteIndexAndDecodeBackEqual() throws {
        let directory = try scratch.directory() + "/nested/frames"
        let writer = try PNGSequenceWriter(directory: directory)
        let frames = (0..<3).map { TestFrames.frame(width: 48, height: 32, boxX: 6 * $0) }
        for (k, frame) in frames.enumerated() { try writer.write(frame, index: 1_234 + k) }
        try writer.finish()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["frame-001234.png", "frame-001235.png", "frame-001236.png"])
        for (k, frame) in frames.enumerated() {
            #expect(try decodeRGBA(directory + "/" + names[k]) == frame.pixels, "frame \(k)")
        }
    }

    @Test func namesGrowPastSixDigits() {
        #expect(PNGSequenceWriter.fileName(index: 0) == "frame-000000.png")
        #expect(PNGSequenceWriter.fileName(index: 1_234_567) == "frame-1234567.png")
    }

    @Test func existingDirectoryIsReusedButAFileIsNot() throws {
        let directory = try scratch.directory()
        _ = try PNGSequenceWriter(directory: directory)
        let file = directory + "/plain-file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect {
            _ = try PNGSequenceWriter(directory: file)
        } throws: { error in
            guard case .cannotCreate(let path, _, _) = error as? EncodeError else { return false }
            return path == file
        }
    }

    @Test func framesMustArriveInOrder() throws {
        let directory = try scratch.directory()
        let writer = try PNGSequenceWriter(directory: directory)
        try writer.write(Pixmap(width: 4, height: 4), index: 7)
        #expect(throws: EncodeError.frameOrder(path: directory, index: 3, previous: 7)) {
            try writer.write(Pixmap(width: 4, height: 4), index: 3)
        }
    }

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func fullDiskIsReportedAsDiskFull() throws {
        let directory = try scratch.directory()
        let path = directory + "/" + PNGSequenceWriter.fileName(index: 0)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/full")
        let writer = try PNGSequenceWriter(directory: directory)
        #expect(throws: EncodeError.diskFull(path: path)) {
            try writer.write(TestFrames.frame(width: 32, height: 32, boxX: 0), index: 0)
        }
    }
}
