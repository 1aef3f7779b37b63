import CFFmpeg
import Foundation
import PageReelTestSupport
import Testing
@testable import PageReelEncode
import PageReelMedia

/// `CYUV` against libswscale itself: the same planes, byte for byte, at every size and content.
@Suite struct YUVConverterTests {
    let check = FFmpegCheck(path: "yuv-test")

    /// `CYUV` reproduces libswscale 6.7's arithmetic (FFmpeg 5.1, Debian 12's); other versions may round
    /// differently, so the comparison runs only against that one.
    static let libswscaleIsFFmpeg51 = swscale_version() >> 8 == (6 << 8 | 7)

    enum Content: CaseIterable {
        case noise, stripes, gradients, black, white
    }

    /// Every byte of a `width`×`height` RGBA pixmap (alpha too, which the conversion ignores).
    static func pixmap(_ content: Content, width: Int, height: Int) -> Pixmap {
        var random = SplitMix64(seed: UInt64(width * 65_537 + height))
        let saturated: [UInt32] = [0xFF00_00FF, 0xFF00_FF00, 0xFFFF_0000, 0xFFFF_FFFF, 0xFF00_0000, 0xFFFF_00FF]
        // Little-endian words: red in the low byte, alpha in the high one.
        var words = [UInt32](repeating: 0, count: width * height)
        words.withUnsafeMutableBufferPointer { words in
            for y in 0..<height {
                for x in 0..<width {
                    words[y * width + x] = switch content {
                    case .noise: UInt32(truncatingIfNeeded: random.next())
                    case .stripes: saturated[(x / 3 + y / 2) % saturated.count]
                    case .gradients:
                        UInt32(x * 255 / max(1, width - 1)) | UInt32(y * 255 / max(1, height - 1)) << 8
                            | UInt32((x + y) % 256) << 16 | 0xFF00_0000
                    case .black: 0xFF00_0000
                    case .white: 0xFFFF_FFFF
                    }
                }
            }
        }
        return Pixmap(width: width, height: height, pixels: words.withUnsafeBytes { Array($0) })
    }

    /// The Y, U and V planes `converter` makes of `pixmap`, each row cut to the plane's width.
    func planes(_ pixmap: Pixmap, method: YUVConverter.Method) throws -> (method: YUVConverter.Method, planes: [[UInt8]]) {
        let converter = try YUVConverter(width: pixmap.width, height: pixmap.height, destination: AV_PIX_FMT_YUV420P,
                                         method: method, check: check)
        let picture = try FrameBuffer(format: AV_PIX_FMT_YUV420P, width: converter.paddedWidth,
                                      height: converter.paddedHeight, check: check)
        try picture.makeWritable(pts: 0)
        try converter.convert(pixmap, into: picture.frame, check: check)
        let f = picture.frame.pointee
        let data = [f.data.0, f.data.1, f.data.2], strides = [f.linesize.0, f.linesize.1, f.linesize.2]
        let planes = (0..<3).map { p in
            let width = p == 0 ? converter.paddedWidth : converter.paddedWidth / 2
            let height = p == 0 ? converter.paddedHeight : converter.paddedHeight / 2
            return (0..<height).flatMap { y in Array(UnsafeBufferPointer(start: data[p]! + y * Int(strides[p]), count: width)) }
        }
        return (converter.method, planes)
    }

    static let sizes: [(Int, Int)] = [(8, 8), (10, 8), (16, 16), (34, 10), (8, 40), (62, 62), (66, 8), (96, 34),
                                      (130, 66), (7, 9), (641, 361), (1280, 720), (1082, 1922), (1920, 1080)]

    @Test(.enabled(if: libswscaleIsFFmpeg51), arguments: sizes)
    func cyuvGivesLibswscalesBytes(width: Int, height: Int) throws {
        let methods: [YUVConverter.Method] = HostCPU.hasAVX2 ? [.cyuv(vector: false), .cyuv(vector: true)] : [.cyuv(vector: false)]
        for content in Content.allCases {
            let pixmap = Self.pixmap(content, width: width, height: height)
            let reference = try planes(pixmap, method: .swscale)
            #expect(reference.method == .swscale)
            for method in methods {
                let made = try planes(pixmap, method: method)
                #expect(made.method == method, "\(width)×\(height) converted by \(made.method), not \(method)")
                for p in 0..<3 where made.planes[p] != reference.planes[p] {
                    let first = made.planes[p].indices.first { made.planes[p][$0] != reference.planes[p][$0] } ?? -1
                    Issue.record("\(width)×\(height) \(content) \(method): plane \(p) differs first at byte \(first)")
                }
            }
        }
    }

    /// The planes of a frame of the sizes libswscale keeps (below 8 once padded, or another format).
    @Test(arguments: [(6, 40), (40, 6), (3, 3), (1, 1)])
    func smallFramesGoThroughLibswscale(width: Int, height: Int) throws {
        let made = try planes(Self.pixmap(.gradients, width: width, height: height), method: .cyuv(vector: true))
        #expect(made.method == .swscale)
        // The luma of a white frame is 235 in limited range, whichever code converts.
        let white = try planes(Self.pixmap(.white, width: width, height: height), method: .cyuv(vector: true))
        #expect(white.planes[0].allSatisfy { $0 == 235 })
        #expect(white.planes[1].allSatisfy { $0 == 128 } && white.planes[2].allSatisfy { $0 == 128 })
    }

    @Test func otherFormatsGoThroughLibswscale() throws {
        let converter = try YUVConverter(width: 64, height: 64, destination: AV_PIX_FMT_YUV444P,
                                         method: .cyuv(vector: true), check: check)
        #expect(converter.method == .swscale)
    }

    /// AVX2 where the CPU has it (by /proc/cpuinfo), else libswscale.
    @Test func fastestFollowsTheCPU() throws {
        #expect(!HostCPU.flags.isEmpty)
        #expect(YUVConverter.Method.fastest == (HostCPU.hasAVX2 ? .cyuv(vector: true) : .swscale))
        let converter = try YUVConverter(width: 1920, height: 1080, destination: AV_PIX_FMT_YUV420P, check: check)
        #expect(converter.method == YUVConverter.Method.fastest)
    }
}
