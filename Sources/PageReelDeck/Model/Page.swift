/// One page: a background, an optional image or screen recording, a title and subtitle, and free layers.
public struct Page: Sendable, Equatable {
    public var background: Fill?
    /// Image path, relative to the deck file.
    public var image: String?
    /// A screen recording covering the page, drawn over `image`.
    public var video: Video?
    /// How `image` (and `video`, unless it gives its own) fills the page.
    public var fit: Fit = .fill
    /// What `fill` keeps of an image or recording taller (or wider) than the page; nil = `top` for
    /// a screenshot (an image the size of a device's screenshots, or any image in a device), else
    /// `center`.
    public var anchor: Anchor?
    /// Whether the device's status bar is drawn over this page; nil = unless the page brings its
    /// own (a screenshot or recording whose top shows).
    public var statusBar: Bool?
    public var title: String?
    public var subtitle: String?
    /// Colour of the title and subtitle.
    public var textColor: Color = .white
    /// Whether the title and subtitle are Pango markup.
    public var markup: Bool = false
    /// Text set above or below the device (`Deck.captions`) while this page is shown.
    public var caption: String?
    public var layers: [Layer] = []

    /// The family of titles, and of text that names none (Debian's fonts-dejavu-core).
    public static let defaultFont = "DejaVu Sans"

    public init(background: Fill? = nil, image: String? = nil, video: Video? = nil, fit: Fit = .fill,
                title: String? = nil, subtitle: String? = nil, textColor: Color = .white, caption: String? = nil,
                layers: [Layer] = []) {
        self.background = background
        self.image = image
        self.video = video
        self.fit = fit
        self.title = title
        self.subtitle = subtitle
        self.textColor = textColor
        self.caption = caption
        self.layers = layers
    }

    /// What `fill` keeps of the page's `width`×`height` image or recording: its `anchor`, else the
    /// top of a screenshot (any picture in a device, or one the size of a model's screenshots),
    /// else the middle.
    public func anchor(width: Int, height: Int, inDevice: Bool) -> Anchor {
        if let anchor { return anchor }
        let screenshot = inDevice || DeviceModel.all.contains { $0.pixelWidth == width && $0.pixelHeight == height }
        return screenshot ? .top : .center
    }

    /// True if the page looks different at different parallax progress values.
    public var hasParallax: Bool { layers.contains { $0.parallax != .zero } }

    /// The page's recordings: its own, then its layers', in drawing order.
    public var videos: [Video] {
        var videos = video.map { [$0] } ?? []
        for layer in layers {
            if case .video(let video) = layer.content { videos.append(video) }
        }
        return videos
    }

    /// Every string field with `transform` applied (used to resolve templates).
    func mapStrings(_ transform: (String) -> String) -> Page {
        var p = self
        p.image = image.map(transform)
        if let video { p.video?.file = transform(video.file) }
        p.title = title.map(transform)
        p.subtitle = subtitle.map(transform)
        p.caption = caption.map(transform)
        p.layers = layers.map { layer in
            var l = layer
            switch l.content {
            case .image(let path): l.content = .image(transform(path))
            case .video(var video):
                video.file = transform(video.file)
                l.content = .video(video)
            case .text(var text):
                text.string = transform(text.string)
                l.content = .text(text)
            }
            return l
        }
        return p
    }
}

/// Which part of a picture taller than its page `fill` keeps: its top, its middle, its bottom (a
/// picture wider than its page is always cropped about its middle).
public enum Anchor: String, Sendable, Equatable, CaseIterable {
    case top, center, bottom

    /// Where the picture's overflow goes: 0 = all past the bottom edge, 1 = all past the top.
    public var overflowBefore: Double {
        switch self {
        case .top: 0
        case .center: 0.5
        case .bottom: 1
        }
    }
}

/// A solid colour or a linear gradient.
public enum Fill: Sendable, Equatable {
    case color(Color)
    /// `angle` in degrees: 0 = left to right, 90 = top to bottom.
    case gradient(from: Color, to: Color, angle: Double)
}

/// How an image fills its box: `fill` crops to cover (aspect fill), `fit` letterboxes
/// (aspect fit), `stretch` ignores the aspect ratio.
public enum Fit: String, Sendable, Equatable, CaseIterable {
    case fill, fit, stretch
}

/// Horizontal text alignment: `left`, `center` and `right` are absolute; `start` and `end`
/// follow each paragraph's direction (right-aligned for Arabic or Hebrew at `start`), as CSS.
public enum TextAlign: String, Sendable, Hashable, CaseIterable {
    case start, end, left, center, right
}

/// Font weight; the font is looked up through fontconfig.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case regular, bold
}

/// Text with its style.
public struct TextStyle: Sendable, Hashable {
    public var string: String
    public var size: Double = 24
    public var weight: FontWeight = .regular
    public var color: Color = .white
    public var align: TextAlign = .start
    /// A font family installed or registered by the deck's `fonts` (a comma-separated list falls
    /// back as in CSS), or a font file path relative to the deck.
    public var font: String = Page.defaultFont
    /// Line spacing as a multiple of the size.
    public var lineHeight: Double = 1.25
    /// Whether `string` is Pango markup (`<b>`, `<i>`, `<span color="…">`).
    public var markup: Bool = false

    public init(string: String, size: Double = 24, weight: FontWeight = .regular, color: Color = .white,
                align: TextAlign = .start, font: String = Page.defaultFont, lineHeight: Double = 1.25,
                markup: Bool = false) {
        self.string = string
        self.size = size
        self.weight = weight
        self.color = color
        self.align = align
        self.font = font
        self.lineHeight = lineHeight
        self.markup = markup
    }
}

/// A positioned image, recording or text on a page, moved by MAG's parallax progress.
public struct Layer: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// Image path relative to the deck file.
        case image(String)
        /// A recording placed like an image (picture in picture).
        case video(Video)
        case text(TextStyle)
    }

    public var content: Content
    public var x: Double = 0
    public var y: Double = 0
    /// Box size; for images and recordings nil = their own displayed size, for text nil width = no wrapping.
    public var width: Double?
    public var height: Double?
    public var fit: Fit = .fill
    public var opacity: Double = 1
    /// Points per unit of parallax progress p ∈ [−100, 100]: moved by `x·p`, `y·|p|`.
    public var parallax: Parallax = .zero

    public init(content: Content, x: Double = 0, y: Double = 0, width: Double? = nil, height: Double? = nil,
                fit: Fit = .fill, opacity: Double = 1, parallax: Parallax = .zero) {
        self.content = content
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.fit = fit
        self.opacity = opacity
        self.parallax = parallax
    }
}

/// Parallax factors of a layer.
public struct Parallax: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }

    public static let zero = Parallax()
}

/// The look shared by every page.
public struct PageStyle: Sendable, Equatable {
    public var cornerRadius: Double = 0
    public var shadow: Shadow?
    /// Background of pages that give none.
    public var background: Fill = .color(Color(r: 0xF4, g: 0xF5, b: 0xF7))

    public init(cornerRadius: Double = 0, shadow: Shadow? = nil,
                background: Fill = .color(Color(r: 0xF4, g: 0xF5, b: 0xF7))) {
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.background = background
    }
}

/// A soft drop shadow under each page (`"shadow": true` gives the defaults).
public struct Shadow: Sendable, Equatable {
    public var color: Color = Color(r: 0, g: 0, b: 0, a: 115)
    /// Blur radius in points.
    public var radius: Double = 24
    public var offsetX: Double = 0
    public var offsetY: Double = 12

    public init(color: Color = Color(r: 0, g: 0, b: 0, a: 115), radius: Double = 24,
                offsetX: Double = 0, offsetY: Double = 12) {
        self.color = color
        self.radius = radius
        self.offsetX = offsetX
        self.offsetY = offsetY
    }
}
