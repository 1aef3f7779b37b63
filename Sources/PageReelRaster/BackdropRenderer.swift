import PageReelDeck
import PageReelMedia

/// The canvas's gradient or image backdrop, drawn once per export into a frame-sized sprite.
///
/// A colour backdrop needs no sprite: frames are cleared to it. A gradient runs across the whole
/// canvas as a page's does across a page; an image is fitted like a page's image (`fill` crops to
/// cover, `fit` letterboxes on black, `stretch` distorts), decoded once as a browser shows it.
enum BackdropRenderer {
    static func sprite(_ backdrop: Backdrop, width: Int, height: Int, pages: PageRenderer) throws(RasterError) -> Sprite {
        var pixmap = Pixmap(width: width, height: height)
        switch backdrop {
        case .color(let c):
            Fills.fill(&pixmap, with: .color(c))
        case .gradient(let from, let to, let angle):
            Fills.gradient(&pixmap, from: from, to: to, angle: angle)
        case .image(let path, let fit):
            pixmap.fill(r: 0, g: 0, b: 0, a: 255)
            try pages.draw(pages.image(path), in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                           fit: fit, opacity: 1, into: &pixmap) { () throws(RasterError) in
                try pages.image(path, mipmapped: true)
            }
        }
        return Sprite(pixmap, x: 0, y: 0)
    }
}
