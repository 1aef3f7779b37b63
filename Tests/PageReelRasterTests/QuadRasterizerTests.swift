import CSpans
import Foundation
import PageReelDeck
import PageReelMedia
@testable import PageReelRaster
import PageReelScene
import Testing

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

/// A 2×2-texel-square checkerboard in two colours (opaque).
func checkerPixmap(width: Int, height: Int, cell: Int, a: (UInt8, UInt8, UInt8), b: (UInt8, UInt8, UInt8)) -> Pixmap {
    var px = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let c = (x / cell + y / cell) % 2 == 0 ? a : b
            let i = (y * width + x) * 4
            (px[i], px[i + 1], px[i + 2]) = c
        }
    }
    return Pixmap(width: width, height: height, pixels: px)
}

func render(_ items: [SceneItem], width: Int, height: Int, pageWidth: Double, pageHeight: Double,
            textures: [TextureKey: Texture], background: Color = Color(r: 0, g: 0, b: 0)) -> Pixmap {
    var out = Pixmap(width: 1, height: 1)
    let s = Scene(width: width, height: height, background: background, pageWidth: pageWidth,
                  pageHeight: pageHeight, scale: 1, items: items)
    SceneRasterizer().render(s, textures: textures, drawText: { _, _ in }, into: &out)
    return out
}

extension QuadRasterizerTests {
    static let key = TextureKey(page: 0, progress: 0)

    /// A card turned 35° about y under perspective, rounded corners, on grey.
    @Test func roundedCardUnderPerspective() {
        let texture = Texture(checkerPixmap(width: 120, height: 90, cell: 10, a: (240, 90, 60), b: (250, 240, 220)))
        let m = Matrix4.translation(100, 75) * .perspective(300) * .rotation(35 * Double.pi / 180, axis: 0, 1, 0)
            * .translation(-60, -45)
        let quad = PageQuad(texture: Self.key, transform: m, source: Rect(x: 0, y: 0, width: 120, height: 90),
                            cornerRadius: 14)
        let out = render([.page(quad)], width: 200, height: 150, pageWidth: 120, pageHeight: 90,
                         textures: [Self.key: texture], background: Color(r: 60, g: 64, b: 72))
        expectGolden(out, "rounded-card-perspective")
    }

    /// The page's soft shadow under a rounded card.
    @Test func softShadow() {
        let texture = Texture(checkerPixmap(width: 100, height: 70, cell: 100, a: (255, 255, 255), b: (255, 255, 255)))
        let m = Matrix4.translation(30, 25)
        let outline = Rect(x: 0, y: 0, width: 100, height: 70)
        let items: [SceneItem] = [
            .shadow(ShadowQuad(transform: m, outline: outline, cornerRadius: 12,
                               shadow: Shadow(color: Color(r: 0, g: 0, b: 0, a: 160), radius: 16, offsetX: 4, offsetY: 8))),
            .page(PageQuad(texture: Self.key, transform: m, source: outline, cornerRadius: 12)),
        ]
        let out = render(items, width: 160, height: 130, pageWidth: 100, pageHeight: 70,
                         textures: [Self.key: texture], background: Color(r: 200, g: 210, b: 220))
        expectGolden(out, "soft-shadow")
        // Far from the card the background is untouched; right under the card's centre it is the card.
        #expect(out.pixel(x: 2, y: 2) == (200, 210, 220, 255))
        #expect(out.pixel(x: 80, y: 60) == (255, 255, 255, 255))
        // Below the card, inside the shadow's reach, the background is darker.
        let below = out.pixel(x: 80, y: 100)
        #expect(below.r < 170 && below.a == 255)
    }

    /// Two strips that share an edge, with that edge not anti-aliased, cover every pixel of the
    /// union exactly once: no background shows through and nothing is blended twice.
    @Test func stripsSharingAnEdgeLeaveNoSeam() {
        let texture = Texture(checkerPixmap(width: 64, height: 64, cell: 64, a: (255, 0, 0), b: (255, 0, 0)))
        let m = Matrix4.translation(80, 60) * .perspective(250) * .rotation(-40 * Double.pi / 180, axis: 0.3, 1, 0)
            * .translation(-32, -32)
        let split = 23.37
        let left = PageQuad(texture: Self.key, transform: m, source: Rect(x: 0, y: 0, width: split, height: 64),
                            opacity: 0.6, antialiasedEdges: [.left, .top, .bottom])
        let right = PageQuad(texture: Self.key, transform: m, source: Rect(x: split, y: 0, width: 64 - split, height: 64),
                             opacity: 0.6, antialiasedEdges: [.right, .top, .bottom])
        let whole = PageQuad(texture: Self.key, transform: m, source: Rect(x: 0, y: 0, width: 64, height: 64),
                             opacity: 0.6)
        let textures = [Self.key: texture]
        let strips = render([.page(left), .page(right)], width: 160, height: 120, pageWidth: 64, pageHeight: 64,
                            textures: textures)
        let single = render([.page(whole)], width: 160, height: 120, pageWidth: 64, pageHeight: 64, textures: textures)
        // At 60% opacity a doubly blended pixel would be redder, a gap blacker: both show as a difference.
        #expect(strips == single)
    }

    /// An edge at x = 10.5 covers pixel 10 by half.
    @Test func edgeCoverageIsAnalytic() {
        let texture = Texture(checkerPixmap(width: 8, height: 8, cell: 8, a: (255, 255, 255), b: (255, 255, 255)))
        let quad = PageQuad(texture: Self.key, transform: .translation(10.5, 4) * .scale(2, 2),
                            source: Rect(x: 0, y: 0, width: 8, height: 8))
        let out = render([.page(quad)], width: 40, height: 30, pageWidth: 8, pageHeight: 8, textures: [Self.key: texture])
        #expect(out.pixel(x: 9, y: 10) == (0, 0, 0, 255))
        let half = out.pixel(x: 10, y: 10)
        #expect(abs(Int(half.r) - 128) <= 1)
        #expect(out.pixel(x: 11, y: 10) == (255, 255, 255, 255))
    }

    /// A fine checkerboard shrunk 8× averages to grey (mipmaps) instead of aliasing into stripes.
    @Test func minificationAveragesFineDetail() {
        let texture = Texture(checkerPixmap(width: 256, height: 256, cell: 1, a: (255, 255, 255), b: (0, 0, 0)))
        let quad = PageQuad(texture: Self.key, transform: .translation(4, 4) * .scale(0.125, 0.125),
                            source: Rect(x: 0, y: 0, width: 256, height: 256))
        let out = render([.page(quad)], width: 40, height: 40, pageWidth: 256, pageHeight: 256, textures: [Self.key: texture])
        for y in 6..<34 {
            for x in 6..<34 {
                let p = out.pixel(x: x, y: y)
                #expect(abs(Int(p.r) - 128) <= 3, "pixel (\(x), \(y)) = \(p.r)")
            }
        }
    }

    /// The same scene renders to the same pixels whatever the band height (core split).
    @Test func bandsDoNotChangePixels() {
        let texture = Texture(noisePixmap(width: 90, height: 70))
        let m = Matrix4.translation(60, 50) * .perspective(200) * .rotation(0.5, axis: 1, 1, 0) * .translation(-45, -35)
        let quad = PageQuad(texture: Self.key, transform: m, source: Rect(x: 0, y: 0, width: 90, height: 70), cornerRadius: 9)
        let s = scene(width: 120, height: 100, pageWidth: 90, pageHeight: 70, items: [.page(quad)])
        var a = Pixmap(width: 1, height: 1), b = Pixmap(width: 1, height: 1)
        SceneRasterizer(bandHeight: 1).render(s, textures: [Self.key: texture], drawText: { _, _ in }, into: &a)
        SceneRasterizer(bandHeight: 1000).render(s, textures: [Self.key: texture], drawText: { _, _ in }, into: &b)
        #expect(a == b)
    }

    // MARK: - Chunk ends (`pr_chunk_ends`)

    /// Projections a page goes through: affine and magnified, turned in perspective, and minified
    /// far enough for several mip levels.
    static let projections: [pr_projection] = [
        pr_projection(a: 0.9375, b: 0, c: -12.25, d: 0, e: 0.9375, f: 3.5, g: 0, h: 0, i: 1,
                      origin_x: 0, origin_y: 0, scale_x: 1, scale_y: 1),
        pr_projection(a: 1.3, b: 0.1, c: -40, d: -0.05, e: 1.1, f: 7, g: 0.0009, h: 0.0001, i: 0.8,
                      origin_x: -3, origin_y: 2, scale_x: 1.8, scale_y: 1.8),
        pr_projection(a: 7.5, b: -0.4, c: 100, d: 0.3, e: 6.25, f: -50, g: -0.0011, h: 0.0002, i: 1.4,
                      origin_x: 10, origin_y: -20, scale_x: 0.75, scale_y: 1.25),
    ]

    /// `pr_chunk_ends` written out in Swift: the texel of the local point at each chunk end (rounded
    /// half away from zero, clamped 16384 texels out) and its level of detail, log2 approximated
    /// from the exponent and a linear mantissa.
    static func expectedEnd(_ p: pr_projection, x: Double, y: Double, bias: Double) -> (Int64, Int64, Double) {
        let rw = 1 / (p.g * x + p.h * y + p.i)
        let u = (p.a * x + p.b * y + p.c) * rw, v = (p.d * x + p.e * y + p.f) * rw
        func fixed(_ t: Double) -> Int64 {
            let t = min(max(t, -16384), 16384) * 65536
            return Int64(t + (t < 0 ? -0.5 : 0.5))
        }
        let dudx = (p.a - u * p.g) * rw * p.scale_x, dudy = (p.b - u * p.h) * rw * p.scale_x
        let dvdx = (p.d - v * p.g) * rw * p.scale_y, dvdy = (p.e - v * p.h) * rw * p.scale_y
        let m = max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy)
        let exponent = Double(Int((m.bitPattern >> 52) & 0x7FF) - 1023)
        let mantissa = Double(bitPattern: (m.bitPattern & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
        return (fixed((u - p.origin_x) * p.scale_x), fixed((v - p.origin_y) * p.scale_y),
                0.5 * (exponent + (mantissa - 1)) + bias)
    }

    /// Every end of rows of 1…40 chunk ends (groups of four and the remainders, the last end at x1
    /// off the grid) equals the Swift rendition to the bit, and lies within 0.09 of the true log2
    /// and half a unit of the exact texel.
    @Test(arguments: projections.indices)
    func chunkEndsAreTheProjectedTexelsAndLevelsOfDetail(_ index: Int) {
        var p = Self.projections[index]
        let bias = -0.5
        var tx = [Int64](repeating: 0, count: 64), ty = tx, lod = [Double](repeating: 0, count: 64)
        for (x0, y) in [(0, 0), (37, 211), (700, 540)] {
            for length in 1...(39 * 16) where length % 13 == 0 || length < 70 {
                let x1 = x0 + length, yc = Double(y) + 0.5
                let count = pr_chunk_ends(&p, yc, Int64(x0), Int64(x1), 16, bias, &tx, &ty, &lod)
                #expect(Int(count) == (length + 15) / 16 + 1)
                for k in 0..<Int(count) {
                    let x = Double(min(x0 + 16 * k, x1)) + 0.5
                    let (ex, ey, el) = Self.expectedEnd(p, x: x, y: yc, bias: bias)
                    #expect(tx[k] == ex && ty[k] == ey && lod[k].bitPattern == el.bitPattern,
                            "projection \(index), row \(y), x0 \(x0), length \(length), end \(k)")
                    let rw = 1 / (p.g * x + p.h * yc + p.i)
                    let u = (p.a * x + p.b * yc + p.c) * rw
                    #expect(abs(Double(tx[k]) - min(max((u - p.origin_x) * p.scale_x, -16384), 16384) * 65536) <= 0.5)
                    let dudx = (p.a - u * p.g) * rw * p.scale_x, v = (p.d * x + p.e * yc + p.f) * rw
                    let dvdx = (p.d - v * p.g) * rw * p.scale_y
                    let dudy = (p.b - u * p.h) * rw * p.scale_x, dvdy = (p.e - v * p.h) * rw * p.scale_y
                    let exact = 0.5 * log2(max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy)) + bias
                    #expect(abs(lod[k] - exact) < 0.09)
                }
            }
        }
    }

    /// The same end computed in any of the four lanes or the one-at-a-time remainder is the same.
    @Test func chunkEndsDoNotDependOnTheirLane() {
        var p = Self.projections[1]
        var first = [Int64](repeating: 0, count: 64), firstY = first, firstLOD = [Double](repeating: 0, count: 64)
        var tx = first, ty = first, lod = firstLOD
        _ = pr_chunk_ends(&p, 100.5, 0, 16 * 40, 16, -0.5, &first, &firstY, &firstLOD)
        for shift in 1...7 {
            _ = pr_chunk_ends(&p, 100.5, Int64(16 * shift), 16 * 40, 16, -0.5, &tx, &ty, &lod)
            for k in 0...(40 - shift) {
                #expect(tx[k] == first[k + shift] && ty[k] == firstY[k + shift]
                        && lod[k].bitPattern == firstLOD[k + shift].bitPattern, "shift \(shift), end \(k)")
            }
        }
    }

    /// Texels half a unit from a whole one round away from zero, and points far outside the texture
    /// clamp to 16384 texels, on both sides.
    @Test func chunkEndsRoundHalfAwayFromZeroAndClamp() {
        // u = x + 0.5 texels; scale 1/65536 makes the 16.16 texel u itself.
        var p = pr_projection(a: 1, b: 0, c: 0, d: 0, e: 0, f: 0, g: 0, h: 0, i: 1,
                              origin_x: 0, origin_y: 0, scale_x: 1.0 / 65536, scale_y: 1)
        var tx = [Int64](repeating: 0, count: 32), ty = tx
        let count = pr_chunk_ends(&p, 0.5, -8, 8, 1, 0, &tx, &ty, nil)
        #expect(count == 17)
        #expect(Array(tx[0..<17]) == [-8, -7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        p.scale_x = 1e6
        _ = pr_chunk_ends(&p, 0.5, -9, 7, 1, 0, &tx, &ty, nil)
        #expect(tx[0] == -(1 << 30) && tx[8] == -(1 << 30) && tx[9] == 1 << 30 && tx[16] == 1 << 30)
    }
}
