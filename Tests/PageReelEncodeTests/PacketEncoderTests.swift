import CFFmpeg
import Testing
import PageReelTestSupport
@testable import PageReelEncode

/// Options FFmpeg does not recognise are left in the dictionary; they must become errors that
/// name them instead of being ignored.
@Suite struct PacketEncoderTests {
    let scratch = ScratchDirectory()

    func optionName(_ body: () throws(EncodeError) -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            if case .invalidOption(_, let name, _, _) = error { return name }
            return "unexpected \(error)"
        }
    }

    @Test func unknownEncoderOptionIsNamed() throws {
        let check = FFmpegCheck(path: try scratch.directory() + "/x.mp4")
        let encoder = try PacketEncoder(name: "libx264", fallbackDuration: 1, check: check)
        encoder.context.pointee.width = 64
        encoder.context.pointee.height = 64
        encoder.context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        encoder.context.pointee.time_base = AVRational(num: 1, den: 30)
        #expect(optionName { () throws(EncodeError) in
            try encoder.open(options: [("crf", "20"), ("crff", "20")])
        } == "crff")
    }

    @Test func unknownMuxerOptionIsNamed() throws {
        let path = try scratch.directory() + "/x.gif"
        let check = FFmpegCheck(path: path)
        let muxer = try Muxer(format: "gif", path: path)
        let encoder = try PacketEncoder(name: "gif", fallbackDuration: 0, check: check)
        encoder.context.pointee.width = 8
        encoder.context.pointee.height = 8
        encoder.context.pointee.pix_fmt = AV_PIX_FMT_PAL8
        encoder.context.pointee.time_base = AVRational(num: 1, den: 100)
        try encoder.open(options: [])
        try muxer.addStream(for: encoder)
        #expect(optionName { () throws(EncodeError) in
            try muxer.writeHeader(options: [("loop", "0"), ("lopp", "1")])
        } == "lopp")
    }
}
