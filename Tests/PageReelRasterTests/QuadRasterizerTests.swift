import Foundation
import Testing
import PageReelDeck
import PageReelScene
@testable import PageReelRaster

/// A deterministic opaque noise image (xorshift), so any blur or shift changes pixels.
func noisePixmap(width: Int, height: Int, seed: UInt32 = 0x9E37_79B9) -> Pixmap {
    var state = seed
    var px = [UInt8](repeating: 255, count: width * height * 4)
    for i in 0..<(width * height) {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5
        px[i * 4] = UInt8(truncatingIfNeeded: state)
        px[i * 4 + 1] = UInt8(truncatingIfNeeded: state >> 8)
        px[i * 4 + 2] = UInt8(truncatingIfNeeded: state >> 16)
    }
    return Pixmap(width: width, height: height, pixels: px)
}

func scene(width: Int, height: Int, pageWidth: Double, pageHeight: Double, items: [SceneItem]) -> Scene {
    Scene(width: width, height: height, background: Color(r: 0, g: 0, b: 0), pageWidth: pageWidth,
          pageHeight: pageHeight, scale: 1, items: items)
}

@Suite struct QuadRasterizerTests {
    @Test func identityTransformIsPixelExact() {
        let image = noisePixmap(width: 400, height: 300)
        let key = TextureKey(page: 0, progress: 0)
        let quad = PageQuad(texture: key, transform: .translation(37, 21),
                            source: Rect(x: 0, y: 0, width: 400, height: 300))
        var out = Pixmap(width: 500, height: 400)
        SceneRasterizer().render(scene(width: 500, height: 400, pageWidth: 400, pageHeight: 300, items: [.page(quad)]),
                                 textures: [key: Texture(image)], drawText: { _, _ in }, into: &out)
        var mismatches = 0
        for y in 0..<300 {
            for x in 0..<400 where out.pixel(x: x + 37, y: y + 21) != image.pixel(x: x, y: y) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        // Nothing outside the page.
        #expect(out.pixel(x: 36, y: 100) == (0, 0, 0, 255))
        #expect(out.pixel(x: 437, y: 100) == (0, 0, 0, 255))
        #expect(out.pixel(x: 100, y: 20) == (0, 0, 0, 255))
        #expect(out.pixel(x: 100, y: 321) == (0, 0, 0, 255))
    }
}
