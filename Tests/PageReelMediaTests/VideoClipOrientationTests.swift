import Foundation
import PageReelTestSupport
import Testing
@testable import PageReelMedia

/// Clips turned by their display matrix come out upright, as ffmpeg (which autorotates by
/// default) shows them; and the matrices and legacy tags map to the right turns and mirrors.
@Suite struct VideoClipOrientationTests {
    let scratch = ScratchDirectory()

    /// 128×96 stored: red top left, green top right, blue bottom left, white bottom right.
    static let quadrants = "color=black:s=128x96,format=gbrp,geq=r='if(lt(Y,H/2),if(lt(X,W/2),255,0),if(lt(X,W/2),0,255))'"
        + ":g='if(lt(X,W/2),0,255)':b='if(lt(Y,H/2),0,255)'"

    enum Colour: String { case red, green, blue, white }
    static let rgb: [Colour: (Int, Int, Int)] = [.red: (255, 0, 0), .green: (0, 255, 0), .blue: (0, 0, 255),
                                                 .white: (255, 255, 255)]

    /// The quadrant colours displayed (top left, top right, bottom left, bottom right) for FFmpeg
    /// 5.1's `rotate` option, which it writes as a display matrix turning that many degrees
    /// counter-clockwise (ffprobe: `rotation=90`).
    @Test(arguments: [
        (0, [Colour.red, .green, .blue, .white]),
        (90, [Colour.green, .white, .red, .blue]),
        (180, [Colour.white, .blue, .green, .red]),
        (270, [Colour.blue, .red, .white, .green]),
    ])
    func aTurnedClipComesOutUpright(_ degrees: Int, _ expected: [Colour]) throws {
        let folder = try scratch.directory()
        let stored = try TestClips.make("stored.mp4", in: folder, ["-f", "lavfi", "-i", Self.quadrants, "-frames:v", "3",
                                                                   "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p"])
        // A stream copy is where FFmpeg 5.1 turns the option into a display matrix.
        let turned = try TestClips.make("turned.mp4", in: folder, ["-i", stored, "-c", "copy",
                                                                   "-metadata:s:v:0", "rotate=\(degrees)"])
        let clip = try VideoClip(path: turned)
        let quarter = degrees % 180 != 0
        #expect((clip.width, clip.height) == (quarter ? (96, 128) : (128, 96)))
        let frame = try clip.frame(1)
        let reference = try TestClips.ffmpegRGB(turned)
        #expect(reference.count == 3 * clip.width * clip.height * 3)
        let (w, h) = (clip.width, clip.height)
        for (corner, (x, y)) in [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)].enumerated() {
            let p = frame.pixel(x: x, y: y)
            let want = Self.rgb[expected[corner]]!
            #expect(max(abs(Int(p.r) - want.0), abs(Int(p.g) - want.1), abs(Int(p.b) - want.2)) <= 3,
                    "\(degrees)°, corner \(corner): \(p), expected \(expected[corner])")
            let i = ((w * h) + y * w + x) * 3   // frame 1 of ffmpeg's output
            #expect(max(abs(Int(p.r) - Int(reference[i])), abs(Int(p.g) - Int(reference[i + 1])),
                        abs(Int(p.b) - Int(reference[i + 2]))) <= 3, "\(degrees)°, corner \(corner) against ffmpeg")
        }
    }

    /// libavutil's matrices: `av_display_rotation_set(m, θ)` is [cos −sin; sin cos] of −θ in
    /// 16.16 (θ counter-clockwise); `av_display_matrix_flip` negates the first (horizontal) or
    /// second (vertical) column.
    @Test func displayMatricesMapToTurnsAndMirrors() {
        let one: Int32 = 1 << 16
        func matrix(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) -> [Int32] { [a, b, 0, c, d, 0, 0, 0, 1 << 30] }
        #expect(ImageOrientation(displayMatrix: matrix(one, 0, 0, one)) == .identity)
        #expect(ImageOrientation(displayMatrix: matrix(0, -one, one, 0)) == .rotate270)   // θ = 90: counter-clockwise
        #expect(ImageOrientation(displayMatrix: matrix(0, one, -one, 0)) == .rotate90)    // θ = −90: clockwise
        #expect(ImageOrientation(displayMatrix: matrix(-one, 0, 0, -one)) == .rotate180)
        #expect(ImageOrientation(displayMatrix: matrix(-one, 0, 0, one)) == .flipHorizontal)
        #expect(ImageOrientation(displayMatrix: matrix(one, 0, 0, -one)) == .flipVertical)
        #expect(ImageOrientation(displayMatrix: matrix(0, one, one, 0)) == .transpose)
        #expect(ImageOrientation(displayMatrix: matrix(0, -one, -one, 0)) == .transverse)
        // Between quarter turns: the nearest one. cos 30° = 0.866, sin 30° = 0.5.
        let (c30, s30) = (Int32(0.866 * 65536), Int32(0.5 * 65536))
        #expect(ImageOrientation(displayMatrix: matrix(c30, -s30, s30, c30)) == .identity)
        #expect(ImageOrientation(displayMatrix: matrix(s30, -c30, c30, s30)) == .rotate270)   // 60° counter-clockwise
        // Scaled (anamorphic) matrices turn the same; a degenerate one shows the picture as stored.
        #expect(ImageOrientation(displayMatrix: matrix(0, 2 * one, -one, 0)) == .rotate90)
        #expect(ImageOrientation(displayMatrix: matrix(0, 0, 0, 0)) == .identity)
        #expect(ImageOrientation(displayMatrix: matrix(one, 0, one, 0)) == .identity)
    }

    /// The legacy `rotate` tag counts degrees clockwise.
    @Test func rotateTagsAreClockwiseQuarterTurns() {
        let cases: [(Double, ImageOrientation)] = [(0, .identity), (90, .rotate90), (180, .rotate180), (270, .rotate270),
                                                   (-90, .rotate270), (450, .rotate90), (89, .rotate90), (.nan, .identity)]
        for (degrees, orientation) in cases { #expect(ImageOrientation(clockwiseDegrees: degrees) == orientation, "\(degrees)") }
        _ = ImageOrientation(clockwiseDegrees: 1e300)   // a junk tag does not trap
    }
}
