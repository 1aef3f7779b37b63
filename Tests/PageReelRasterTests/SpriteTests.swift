import PageReelMedia
@testable import PageReelRaster
import Testing

@Suite struct SpriteTests {
    /// A picture with a row of each kind: one opaque colour throughout (a gradient's row), opaque
    /// and varying, one colour with a translucent rim, transparent, and transparent gaps between
    /// opaque runs of different colours.
    static func rows() -> Pixmap {
        let width = 40
        var pixmap = Pixmap(width: width, height: 5)
        func set(_ x: Int, _ y: Int, _ word: UInt32) {
            let i = (y * width + x) * 4
            for c in 0..<4 { pixmap.pixels[i + c] = UInt8(word >> (8 * UInt32(c)) & 255) }
        }
        for x in 0..<width {
            set(x, 0, 0xFF30_2010)
            set(x, 1, 0xFF00_0000 | UInt32(x * 5))
            set(x, 2, x < 3 || x >= width - 3 ? 0x8010_1010 : 0xFF20_2020)
            if x % 10 < 6 { set(x, 4, x < 20 ? 0xFF40_4040 : 0xFF50_5050) }
        }
        return pixmap
    }

    /// Runs of one opaque word are marked to be filled; the others are not.
    @Test func uniformRunsAreTheOpaqueRunsOfOneWord() {
        let sprite = Sprite(Self.rows(), x: 0, y: 0)
        func runs(_ row: Int) -> [Sprite.Run] { Array(sprite.runs[Int(sprite.rowStarts[row])..<Int(sprite.rowStarts[row + 1])]) }
        #expect(runs(0).map(\.uniform) == [true])
        #expect(runs(1).map(\.uniform) == [false])
        #expect(runs(2).map { [$0.opaque, $0.uniform] } == [[false, false], [true, true], [false, false]])
        #expect(runs(3).isEmpty)
        #expect(runs(4).count == 4 && runs(4).allSatisfy { $0.opaque && $0.uniform })
    }

    /// Drawn at an offset, partly off the frame, over noise: opaque pixels are the sprite's,
    /// transparent ones leave the frame as it was, translucent ones are laid over it.
    @Test(arguments: [(0, 0), (-7, 1), (13, -2), (25, 3)])
    func drawnPixelsAreTheSpritesOverTheFrame(x: Int, y: Int) {
        let picture = Self.rows()
        let sprite = Sprite(picture, x: x, y: y)
        let before = noisePixmap(width: 48, height: 9, seed: 5)
        var frame = before
        sprite.draw(into: &frame)
        func word(_ p: Pixmap, _ x: Int, _ y: Int) -> UInt32 {
            let i = (y * p.width + x) * 4
            return (0..<4).reduce(UInt32(0)) { $0 | UInt32(p.pixels[i + $1]) << (8 * UInt32($1)) }
        }
        for fy in 0..<frame.height {
            for fx in 0..<frame.width {
                let sx = fx - x, sy = fy - y
                var expected = word(before, fx, fy)
                if sx >= 0, sx < picture.width, sy >= 0, sy < picture.height {
                    let s = word(picture, sx, sy)
                    expected = s >> 24 == 255 ? s : (s >> 24 == 0 ? expected : Blend.over(s, expected))
                }
                #expect(word(frame, fx, fy) == expected, "\(fx),\(fy)")
            }
        }
    }
}
