import Foundation
import PageReelDeck
import PageReelMedia
import PageReelScene

/// Renders one page's content — background, image, recording, title and subtitle, layers moved by
/// parallax — into a pixmap of the page size times the output scale: the texture the transitions
/// then move.
///
/// Images are decoded once and kept, mipmapped, in a byte-bounded cache; they are drawn with the
/// same quad kernel as the frames, so an image that fills the page at 1:1 lands pixel for pixel.
/// A recording's frame is drawn the same way, once the caller has said which frame (`frames`).
public final class PageRenderer: Sendable {
    /// Where the deck's images, recordings and fonts may come from, and the folder relative
    /// paths resolve against (the deck's).
    public let inputs: InputRoots
    public let text: TextRenderer
    public let videos: VideoLibrary
    private let images: LRUCache<String, Texture>
    /// Whether the pages are a device's screen: then every page image and recording is a
    /// screenshot, and `fill` keeps its top unless the page says otherwise.
    public let screenshotsInDevice: Bool

    /// `fonts` lists the deck's font files (its `fonts` key), relative to `baseDirectory`; every
    /// file is read wherever it is (a program's own files).
    public convenience init(baseDirectory: String, fonts: [String] = [], text: TextRenderer? = nil,
                            imageBudget: Int = 48 << 20, screenshotsInDevice: Bool = false) {
        self.init(inputs: .anywhere(relativeTo: baseDirectory), fonts: fonts, text: text, imageBudget: imageBudget,
                  screenshotsInDevice: screenshotsInDevice)
    }

    /// `fonts` lists the deck's font files (its `fonts` key); every file is opened through `inputs`.
    /// `language` is the locale text is set in (the deck's; nil = `en`).
    public init(inputs: InputRoots, fonts: [String] = [], text: TextRenderer? = nil, imageBudget: Int = 48 << 20,
                screenshotsInDevice: Bool = false, language: String? = nil) {
        self.inputs = inputs
        self.screenshotsInDevice = screenshotsInDevice
        self.text = text ?? TextRenderer(fonts: FontLibrary(files: fonts, inputs: inputs), language: language)
        images = LRUCache(budget: imageBudget)
        videos = VideoLibrary(inputs: inputs)
    }

    /// The absolute path of a deck path.
    public func resolve(_ path: String) -> String { inputs.absolute(path) }

    /// The decoded image at a deck path, decoded once even when several render threads ask for it at
    /// the same time (the others wait for the first decode). Its mip chain, a third more memory, is
    /// made when asked for (`mipmapped`) and then kept with it: most images are drawn at their size
    /// or larger and never need one.
    public func image(_ path: String, mipmapped: Bool = false) throws(RasterError) -> Texture {
        let full = resolve(path)
        let texture = try images.value(for: full) { () throws(RasterError) in
            let image = try RasterError.decoding { () throws(MediaError) in try ImageDecoder.decode(file: inputs.open(full)) }
            let texture = Texture(image, mipmapped: false)
            return (texture, texture.texels.count * 4)
        }
        guard mipmapped, texture.levels.count == 1 else { return texture }
        let withMipmaps = texture.withMipmaps()
        images.insert(withMipmaps, for: full, cost: withMipmaps.texels.count * 4)
        return withMipmaps
    }

    /// The images `page` draws (its own and its image layers'), as cached: by absolute path.
    public func imagePaths(of page: Page) -> [String] {
        var paths = page.image.map { [resolve($0)] } ?? []
        for case .image(let path) in page.layers.map(\.content) { paths.append(resolve(path)) }
        return paths
    }

    /// Drops the cached decoded images whose absolute paths `isUnneeded` picks.
    public func releaseImages(where isUnneeded: (String) -> Bool) {
        images.removeAll(where: isUnneeded)
    }

    /// Number of decoded images currently cached (for tests and memory checks).
    public var cachedImageCount: Int { images.count }

    /// The source frame each of `page`'s recordings shows at `clock`, in `page.videos` order.
    public func videoFrames(of page: Page, at clock: PageClock) throws(RasterError) -> [Int] {
        try videos.sourceFrames(of: page, at: clock, resolve: resolve)
    }

    /// Renders `page` at `scale` output pixels per point, with parallax progress `progress`, its
    /// recordings showing source frames `frames` (in `page.videos` order; nil = at the deck's start).
    public func render(_ page: Page, style: PageStyle, width: Double, height: Double, scale: Double,
                       progress: Int, frames: [Int]? = nil) throws(RasterError) -> Pixmap {
        let pw = max(1, Int((width * scale).rounded())), ph = max(1, Int((height * scale).rounded()))
        var pixmap = Pixmap(width: pw, height: ph)
        Fills.fill(&pixmap, with: page.background ?? style.background)
        let full = Rect(x: 0, y: 0, width: Double(pw), height: Double(ph))
        if let path = page.image {
            let texture = try image(path)
            try draw(texture, in: full, fit: page.fit, anchor: anchor(page, width: texture.width, height: texture.height),
                     opacity: 1, into: &pixmap) { () throws(RasterError) in
                try self.image(path, mipmapped: true)
            }
        }
        var frames = (frames == nil ? try videoFrames(of: page, at: PageClock(time: 0)) : frames ?? [])[...]
        if let video = page.video {
            let path = resolve(video.file), fit = video.fit ?? page.fit
            let clip = try videos.clip(path)
            let texture = try videos.frame(frames.popFirst() ?? 0, of: path,
                                           drawn: Self.drawnSize(width: clip.width, height: clip.height, in: full, fit: fit))
            try draw(texture, in: full, fit: fit, anchor: anchor(page, width: clip.width, height: clip.height), opacity: 1,
                     into: &pixmap)
        }
        try drawTitles(page, width: width, height: height, scale: scale, into: &pixmap)
        let p = Double(progress)
        for layer in page.layers {
            let x = (layer.x + layer.parallax.x * p) * scale
            let y = (layer.y + layer.parallax.y * abs(p)) * scale
            switch layer.content {
            case .image(let path):
                let texture = try image(path)
                let w = (layer.width ?? Double(texture.width)) * scale
                let h = (layer.height ?? Double(texture.height)) * scale
                try draw(texture, in: Rect(x: x, y: y, width: w, height: h), fit: layer.fit, opacity: layer.opacity,
                         into: &pixmap) { () throws(RasterError) in try self.image(path, mipmapped: true) }
            case .video(let video):
                let path = resolve(video.file), fit = video.fit ?? layer.fit
                let clip = try videos.clip(path)
                let w = (layer.width ?? Double(clip.width)) * scale
                let h = (layer.height ?? Double(clip.height)) * scale
                let box = Rect(x: x, y: y, width: w, height: h)
                let texture = try videos.frame(frames.popFirst() ?? 0, of: path,
                                               drawn: Self.drawnSize(width: clip.width, height: clip.height, in: box, fit: fit))
                try draw(texture, in: box, fit: fit, opacity: layer.opacity, into: &pixmap)
            case .text(let style):
                try text.draw(style, at: x, y: y, scale: scale, maxWidth: layer.width, opacity: layer.opacity,
                              into: &pixmap)
            }
        }
        return pixmap
    }

    /// Title and subtitle, centred: in the middle of a plain page, in the lower part over a dark
    /// scrim when the page has an image.
    private func drawTitles(_ page: Page, width: Double, height: Double, scale: Double,
                            into pixmap: inout Pixmap) throws(RasterError) {
        guard page.title != nil || page.subtitle != nil else { return }
        let margin = width * 0.08
        let wrap = width - 2 * margin
        let titleStyle = page.title.map {
            TextStyle(string: $0, size: (width * 0.085).rounded(), weight: .bold, color: page.textColor, align: .center,
                      markup: page.markup)
        }
        let subtitleStyle = page.subtitle.map {
            TextStyle(string: $0, size: (width * 0.05).rounded(), color: page.textColor.withAlpha(0.85), align: .center,
                      markup: page.markup)
        }
        let titleLayout = try titleStyle.map { s throws(RasterError) in try text.layout(s, scale: scale, maxWidth: wrap) }
        let subtitleLayout = try subtitleStyle.map { s throws(RasterError) in try text.layout(s, scale: scale, maxWidth: wrap) }
        let gap = titleLayout != nil && subtitleLayout != nil ? 0.3 * (subtitleStyle?.size ?? 0) * scale : 0
        let block = (titleLayout?.height ?? 0) + gap + (subtitleLayout?.height ?? 0)
        let pictured = page.image != nil || page.video != nil
        let centre = (pictured ? 0.78 : 0.5) * height * scale
        var y = centre - block / 2
        if pictured {
            Fills.scrim(&pixmap, from: y - 0.12 * height * scale)
        }
        if let layout = titleLayout {
            text.draw(layout, at: margin * scale, y: y, into: &pixmap)
            y += layout.height + gap
        }
        if let layout = subtitleLayout {
            text.draw(layout, at: margin * scale, y: y, into: &pixmap)
        }
    }

    /// What `fill` keeps of a page's `width`×`height` image or recording: the page's `anchor`, else
    /// the top of a screenshot (in a device, or the size of a model's screenshots), else the middle.
    func anchor(_ page: Page, width: Int, height: Int) -> Anchor {
        page.anchor(width: width, height: height, inDevice: screenshotsInDevice)
    }

    /// Whether `page` brings its own status bar: it shows a screenshot or screen recording with its
    /// top edge at the page's top — a picture of the page's `width`×`height` shape (within 1%), or
    /// one of a device's screen shape that `fill` or `stretch` keeps the top of.
    public func bringsOwnStatusBar(_ page: Page, width: Double, height: Double) throws(RasterError) -> Bool {
        let size: (width: Int, height: Int), fit: Fit
        if let video = page.video {
            let clip = try videos.clip(resolve(video.file))
            (size, fit) = ((clip.width, clip.height), video.fit ?? page.fit)
        } else if let path = page.image {
            let texture = try image(path)
            (size, fit) = ((texture.width, texture.height), page.fit)
        } else {
            return false
        }
        guard size.width > 0, size.height > 0, width > 0, height > 0 else { return false }
        if abs(Double(size.width) / Double(size.height) / (width / height) - 1) <= 0.01 { return true }
        let topKept = fit == .stretch || (fit == .fill && anchor(page, width: size.width, height: size.height) == .top)
        return topKept && DeviceModel.matching(width: size.width, height: size.height, kind: nil) != nil
    }

    /// The size in pixels at which `draw` shows a `width`×`height` picture in `box` by `fit`.
    static func drawnSize(width: Int, height: Int, in box: Rect, fit: Fit) -> (width: Double, height: Double) {
        let iw = Double(width), ih = Double(height)
        switch fit {
        case .stretch: return (box.width, box.height)
        case .fill, .fit:
            let k = fit == .fill ? max(box.width / iw, box.height / ih) : min(box.width / iw, box.height / ih)
            return (iw * k, ih * k)
        }
    }

    /// Draws `texture` into `box` by `fit`. A texture without mip levels drawn smaller than level 0
    /// alone serves is swapped for the one `mipmapped` gives, when there is one.
    func draw(_ texture: Texture, in box: Rect, fit: Fit, anchor: Anchor = .center, opacity: Double,
              into pixmap: inout Pixmap, mipmapped: (() throws(RasterError) -> Texture)? = nil) throws(RasterError) {
        let iw = Double(texture.width), ih = Double(texture.height)
        guard iw > 0, ih > 0, box.width > 0, box.height > 0 else { return }
        var target = box
        switch fit {
        case .stretch: break
        case .fill, .fit:
            let k = fit == .fill ? max(box.width / iw, box.height / ih) : min(box.width / iw, box.height / ih)
            // `fill`'s overflow down goes where the anchor says; across, and for `fit`, it is centred.
            let t = fit == .fill ? anchor.overflowBefore : 0.5
            target = Rect(x: box.x + (box.width - iw * k) / 2, y: box.y + (box.height - ih * k) * t,
                          width: iw * k, height: ih * k)
        }
        // The quad covers the visible part (the box for fill); texels map from the whole target.
        let visible = fit == .fill ? box : target
        let height = pixmap.height
        func quad(_ texture: Texture) -> QuadRasterizer? {
            QuadRasterizer(transform: .identity, source: visible, outline: visible, cornerRadius: 0, antialiased: .all,
                           opacity: opacity,
                           paint: .texture(texture, origin: (target.x, target.y),
                                           scale: (iw / target.width, ih / target.height), shading: nil),
                           clipHeight: height)
        }
        guard var drawn = quad(texture) else { return }
        if drawn.minified, texture.levels.count == 1, let mipmapped, let replaced = quad(try mipmapped()) {
            drawn = replaced
        }
        SceneRasterizer().draw([drawn], clearTo: nil, into: &pixmap)
    }
}
