import PageReelDeck

/// One frame as a display list: what to draw, in painter's order, in output pixels.
///
/// The scene names page textures by `TextureKey` and never holds pixels: the renderer is handed the
/// textures explicitly, so building a scene is cheap and pure.
public struct Scene: Sendable, Equatable {
    /// Output size in pixels.
    public var width: Int
    public var height: Int
    public var background: Color
    /// Page size in points (= the viewport size).
    public var pageWidth: Double
    public var pageHeight: Double
    /// Output pixels per point; page textures are rendered at this scale.
    public var scale: Double
    /// Drawn first to last.
    public var items: [SceneItem]
    /// Pages and their shadows are drawn only inside this rectangle (output pixels), when set: the
    /// scroll view's `clipsToBounds`.
    public var pageClip: Rect?
    /// The corner radius of `pageClip` in output pixels (a device's rounded screen).
    public var pageClipRadius: Double = 0
    /// The radius of its top corners (0 under a browser's window bar).
    public var pageClipTopRadius: Double = 0

    public init(width: Int, height: Int, background: Color, pageWidth: Double, pageHeight: Double,
                scale: Double, items: [SceneItem] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.scale = scale
        self.items = items
    }

    /// The page textures this scene draws, each once (those of its layers are theirs).
    public var textureKeys: [TextureKey] {
        var seen = Set<TextureKey>()
        var keys: [TextureKey] = []
        for case .page(let quad) in items where seen.insert(quad.texture).inserted { keys.append(quad.texture) }
        return keys
    }

    /// The pages this scene draws, on its own or in its layers (a turned or zoomed device's), each once.
    public var drawnPages: Set<Int> {
        var pages = Set<Int>()
        for item in items {
            switch item {
            case .page(let quad): pages.insert(quad.texture.page)
            case .layer(let layer): pages.formUnion(scene(of: layer).drawnPages)
            default: break
            }
        }
        return pages
    }

    /// Clips the pages to `clip`'s rounded rectangle (nothing when nil).
    public mutating func clipPages(_ clip: (rect: Rect, radius: Double, topRadius: Double)?) {
        guard let clip else { return }
        (pageClip, pageClipRadius, pageClipTopRadius) = (clip.rect, clip.radius, clip.topRadius)
    }

    /// The scene a layer's items make on their own: this scene's size, on a transparent
    /// background, with the layer's page clip.
    public func scene(of layer: LayerItem) -> Scene {
        var scene = Scene(width: layer.size?.width ?? width, height: layer.size?.height ?? height, background: .clear,
                          pageWidth: pageWidth, pageHeight: pageHeight, scale: layer.scale ?? scale, items: layer.items)
        scene.pageClip = layer.pageClip
        scene.pageClipRadius = layer.pageClipRadius
        scene.pageClipTopRadius = layer.pageClipTopRadius
        return scene
    }
}

/// Items drawn flat into a layer of their own, in the frame's pixels as if nothing turned them,
/// then onto the frame under a transform: a device turned in 3D, with its screen and what is on it.
public struct LayerItem: Sendable, Equatable {
    public var items: [SceneItem]
    /// Flat output pixels → output pixels.
    public var transform: Matrix4
    /// The part of the layer that holds its items, in flat output pixels.
    public var bounds: Rect
    /// The layer's own size in pixels and output scale, when not the frame's (a zoomed view
    /// drawn at the zoomed scale: the window of it that shows).
    public var size: (width: Int, height: Int)?
    public var scale: Double?
    /// The page clip of the items (as `Scene.pageClip`).
    public var pageClip: Rect?
    public var pageClipRadius: Double = 0
    public var pageClipTopRadius: Double = 0

    public init(items: [SceneItem], transform: Matrix4, bounds: Rect) {
        self.items = items
        self.transform = transform
        self.bounds = bounds
    }

    /// Clips the layer's pages to `clip`'s rounded rectangle (nothing when nil).
    public mutating func clipPages(_ clip: (rect: Rect, radius: Double, topRadius: Double)?) {
        guard let clip else { return }
        (pageClip, pageClipRadius, pageClipTopRadius) = (clip.rect, clip.radius, clip.topRadius)
    }

    /// A layer of `window`'s size at `scale`, its items drawn with the window's top-left at (0, 0).
    public init(items: [SceneItem], transform: Matrix4, window: PixelWindow, scale: Double) {
        self.init(items: items, transform: transform,
                  bounds: Rect(x: 0, y: 0, width: Double(window.width), height: Double(window.height)))
        size = (window.width, window.height)
        self.scale = scale
    }

    /// Whether the two layers draw the same picture (wherever their transforms put it).
    public func drawsSame(as other: LayerItem) -> Bool {
        items == other.items && bounds == other.bounds && size?.width == other.size?.width
            && size?.height == other.size?.height && scale == other.scale && pageClip == other.pageClip
            && pageClipRadius == other.pageClipRadius && pageClipTopRadius == other.pageClipTopRadius
    }

    public static func == (a: LayerItem, b: LayerItem) -> Bool {
        a.transform == b.transform && a.drawsSame(as: b)
    }
}

/// Names one rendered page: the page index, the MAG parallax progress it is drawn at (0 for pages
/// without parallax layers, so their texture is reused across frames) and, for a page with
/// recordings, the clock they play by.
public struct TextureKey: Sendable, Hashable {
    public var page: Int
    public var progress: Int
    /// Nil for a page without recordings.
    public var clock: PageClock?
    /// Output pixels per point of the texture, when not the scene's (a zoomed view's pages).
    public var scale: Double?

    public init(page: Int, progress: Int, clock: PageClock? = nil, scale: Double? = nil) {
        self.page = page
        self.progress = progress
        self.clock = clock
        self.scale = scale
    }
}

/// What a page's recordings need to know of the time: the deck time, and when the page last became
/// the current page (for `onAppear`). The renderer turns it into one source frame per recording,
/// and reuses the page's texture while those frames stay the same.
public struct PageClock: Sendable, Hashable {
    /// Seconds from the start of the video.
    public var time: Double
    /// When the page last became the current page; nil if it has not yet.
    public var appeared: Double?

    public init(time: Double, appeared: Double? = nil) {
        self.time = time
        self.appeared = appeared
    }
}

/// One thing to draw.
public enum SceneItem: Sendable, Equatable {
    /// A page (or a strip of one) under a 3D transform.
    case page(PageQuad)
    /// A page's soft drop shadow.
    case shadow(ShadowQuad)
    /// A filled rounded rectangle or circle in output pixels (tab bar, selector, dots, touches).
    case shape(ShapeItem)
    /// Text in output pixels (tab titles, captions).
    case text(TextItem)
    /// A picture made once per export and drawn as is (the backdrop, the device), at whole pixels.
    case sprite(SpriteItem)
    /// Items drawn flat, then onto the frame under a transform.
    case layer(LayerItem)
}

/// Names a picture the renderer makes once from the deck and keeps: the scene says where it goes.
public enum SpriteKey: Sendable, Hashable {
    /// The canvas's gradient or image backdrop, the size of the frame.
    case backdrop
    /// The device's parts under the pages: its shadow, body, side buttons and the black screen.
    case deviceBack
    /// `deviceBack` without the shadow (a turned device's shadow is drawn on the backdrop).
    case deviceBody
    /// The device's parts over the pages: the bezel (which rounds the screen's corners), the camera
    /// island, the status bar, the home indicator, a browser's window bar.
    case deviceFront
}

/// A sprite drawn with its top-left corner at a whole output pixel.
public struct SpriteItem: Sendable, Equatable {
    public var key: SpriteKey
    /// Output scale the sprite is made at (sprites are cached per scale).
    public var scale: Double
    /// When set, only this window of the frame at `scale` is drawn, with its top-left corner at
    /// (0, 0), made anew each time (a zoomed view: the device at any zoom, drawn for what shows).
    public var window: PixelWindow?

    public init(key: SpriteKey, scale: Double, window: PixelWindow? = nil) {
        self.key = key
        self.scale = scale
        self.window = window
    }
}

/// A rectangle of whole pixels.
public struct PixelWindow: Sendable, Equatable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// A fraction of a pixel the window is moved by, right and down (so that its pixels fall on
    /// the frame's).
    public var dx: Double = 0
    public var dy: Double = 0

    public init(x: Int, y: Int, width: Int, height: Int, dx: Double = 0, dy: Double = 0) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
    }

    /// The window's top-left corner.
    public var origin: (x: Double, y: Double) { (Double(x) + dx, Double(y) + dy) }

    /// The whole pixels that `rect` touches.
    public init(enclosing rect: Rect) {
        let x0 = Int(rect.x.rounded(.down)), y0 = Int(rect.y.rounded(.down))
        self.init(x: x0, y: y0, width: max(1, Int((rect.x + rect.width).rounded(.up)) - x0),
                  height: max(1, Int((rect.y + rect.height).rounded(.up)) - y0))
    }
}

/// Which edges of a quad are anti-aliased. Edges shared by two quads (fold strips) are not, so
/// neighbours meet without a seam.
public struct EdgeMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let left = EdgeMask(rawValue: 1)
    public static let top = EdgeMask(rawValue: 2)
    public static let right = EdgeMask(rawValue: 4)
    public static let bottom = EdgeMask(rawValue: 8)
    public static let all: EdgeMask = [.left, .top, .right, .bottom]
}

/// A rectangle of a page's texture drawn under a transform.
public struct PageQuad: Sendable, Equatable {
    public var texture: TextureKey
    /// Page points (0…pageWidth, 0…pageHeight) → output pixels.
    public var transform: Matrix4
    /// The part of the page drawn, in page points (the whole page unless it is a fold strip).
    public var source: Rect
    public var opacity: Double = 1
    /// Corner radius of the page outline, in points.
    public var cornerRadius: Double = 0
    /// A black overlay whose alpha runs from `from` at the source's left edge to `to` at its right.
    public var shading: Shading?
    public var antialiasedEdges: EdgeMask = .all

    public init(texture: TextureKey, transform: Matrix4, source: Rect, opacity: Double = 1,
                cornerRadius: Double = 0, shading: Shading? = nil, antialiasedEdges: EdgeMask = .all) {
        self.texture = texture
        self.transform = transform
        self.source = source
        self.opacity = opacity
        self.cornerRadius = cornerRadius
        self.shading = shading
        self.antialiasedEdges = antialiasedEdges
    }
}

/// A horizontal black gradient over a quad (the paper-fold shading).
public struct Shading: Sendable, Equatable {
    public var from: Double
    public var to: Double

    public init(from: Double, to: Double) {
        self.from = from
        self.to = to
    }
}

/// A blurred, offset copy of a page outline under the page's transform.
public struct ShadowQuad: Sendable, Equatable {
    public var transform: Matrix4
    /// The page outline in page points.
    public var outline: Rect
    public var cornerRadius: Double
    public var shadow: Shadow
    public var opacity: Double = 1

    public init(transform: Matrix4, outline: Rect, cornerRadius: Double, shadow: Shadow, opacity: Double = 1) {
        self.transform = transform
        self.outline = outline
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.opacity = opacity
    }
}

/// A filled, anti-aliased rounded rectangle in output pixels; a circle is a square with
/// `cornerRadius` = half its side.
public struct ShapeItem: Sendable, Equatable {
    public var rect: Rect
    public var cornerRadius: Double
    public var color: Color

    public init(rect: Rect, cornerRadius: Double = 0, color: Color) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.color = color
    }
}

/// Text in output pixels, laid out in a box.
public struct TextItem: Sendable, Equatable {
    /// Where the text sits vertically in its box.
    public enum Anchor: Sendable, Equatable { case top, center, bottom }

    public var style: TextStyle
    /// The text's box: the text wraps to its width and aligns within it, and sits at `anchor`.
    public var box: Rect
    /// Font size multiplier (output pixels per point).
    public var scale: Double
    public var anchor: Anchor = .center
    /// Multiplies the colour's alpha (a caption fading in and out).
    public var opacity: Double = 1

    public init(style: TextStyle, box: Rect, scale: Double, anchor: Anchor = .center, opacity: Double = 1) {
        self.style = style
        self.box = box
        self.scale = scale
        self.anchor = anchor
        self.opacity = opacity
    }
}
