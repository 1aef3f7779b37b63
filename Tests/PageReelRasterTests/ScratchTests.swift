import Foundation
import Testing
import PageReelDeck
import PageReelScene
@testable import PageReelRaster

@Test func scratchCards() throws {
    guard ProcessInfo.processInfo.environment["SCRATCH"] != nil else { return }
    // checker texture
    let tw = 576, th = 486
    var px = [UInt8](repeating: 255, count: tw * th * 4)
    for y in 0..<th { for x in 0..<tw {
        let c: UInt8 = ((x / 24 + y / 24) % 2 == 0) ? 230 : 60
        let i = (y * tw + x) * 4
        px[i] = c; px[i+1] = UInt8(x * 255 / tw); px[i+2] = UInt8(y * 255 / th)
    } }
    let tex = Texture(Pixmap(width: tw, height: th, pixels: px))
    let W = 960.0, H = 540.0
    let cardW = 0.6 * W, cardH = 0.9 * H
    var items: [SceneItem] = []
    for dd in [-1.0, 1.0, 0.3] {
        let ang = max(-60, min(60, dd * 45)) * Double.pi / 180
        let s = 1 - 0.2 * abs(dd)
        let m = Matrix4.translation(W / 2, H / 2) * Matrix4.perspective(500) * Matrix4.translation(dd * 0.7 * cardW, 0)
            * Matrix4.rotation(ang, axis: 0, 1, 0) * Matrix4.scale(s, s, s) * Matrix4.translation(-cardW / 2, -cardH / 2)
        items.append(.shadow(ShadowQuad(transform: m, outline: Rect(x: 0, y: 0, width: cardW, height: cardH), cornerRadius: 20, shadow: Shadow())))
        items.append(.page(PageQuad(texture: TextureKey(page: 0, progress: 0), transform: m,
                                    source: Rect(x: 0, y: 0, width: cardW, height: cardH), cornerRadius: 20)))
    }
    items.append(.shape(ShapeItem(rect: Rect(x: 20.3, y: 20.7, width: 30, height: 30), cornerRadius: 15, color: Color(r: 255, g: 255, b: 0, a: 200))))
    let sc = Scene(width: Int(W), height: Int(H), background: Color(r: 20, g: 24, b: 30), pageWidth: cardW, pageHeight: cardH, scale: 1, items: items)
    var out = Pixmap(width: 1, height: 1)
    SceneRasterizer().render(sc, textures: [TextureKey(page: 0, progress: 0): tex], drawText: { _, _ in }, into: &out)
    try PNGWriter.write(out, to: "/tmp/scratch_cards.png")
}
