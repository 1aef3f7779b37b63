import Foundation
import PageReelDeck
import PageReelMedia
import PageReelScene

/// A small line chart drawn with pagereel's own rasterizer: series of points, vertical event
/// markers, a grid with labelled ticks and a legend (`pagereel timeline -o plot.png`).
public struct LinePlot: Sendable {
    public struct Series: Sendable {
        public var points: [(x: Double, y: Double)]
        public var color: Color
        /// Line width in pixels.
        public var width: Double

        public init(points: [(x: Double, y: Double)], color: Color, width: Double = 2.5) {
            self.points = points
            self.color = color
            self.width = width
        }
    }

    /// A vertical line at `x` in a colour that names its kind in the legend.
    public struct Marker: Sendable {
        public var x: Double
        public var color: Color

        public init(x: Double, color: Color) {
            self.x = x
            self.color = color
        }
    }

    public var width = 1200
    public var height = 600
    public var xRange: ClosedRange<Double>
    public var yRange: ClosedRange<Double>
    public var xTickStep: Double = 1
    public var yTickStep: Double = 1
    public var xUnit = "s"
    public var title = ""
    public var series: [Series] = []
    public var markers: [Marker] = []
    /// Legend entries: a colour and a label.
    public var legend: [(color: Color, label: String)] = []

    public init(xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
        self.xRange = xRange
        self.yRange = yRange
    }

    private let background = Color(r: 0x14, g: 0x17, b: 0x1C)
    private let grid = Color(r: 0x2A, g: 0x30, b: 0x3A)
    private let ink = Color(r: 0xC8, g: 0xCE, b: 0xD8)
    private let left = 70.0, right = 24.0, top = 56.0, bottom = 48.0

    /// Renders the chart.
    public func render(text: TextRenderer = TextRenderer()) throws(RasterError) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        let plotW = Double(width) - left - right, plotH = Double(height) - top - bottom
        let sx = plotW / max(xRange.upperBound - xRange.lowerBound, 1e-9)
        let sy = plotH / max(yRange.upperBound - yRange.lowerBound, 1e-9)
        func px(_ x: Double) -> Double { left + (x - xRange.lowerBound) * sx }
        func py(_ y: Double) -> Double { top + plotH - (y - yRange.lowerBound) * sy }

        var quads: [QuadRasterizer] = []
        var labels: [(String, Double, Double, TextAlign)] = []
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: Color) {
            if let q = LinePlot.quad(Rect(x: x, y: y, width: w, height: h), transform: .identity, color: c, height: height) {
                quads.append(q)
            }
        }
        // Grid and ticks.
        var y = (yRange.lowerBound / yTickStep).rounded(.up) * yTickStep
        while y <= yRange.upperBound + 1e-9 {
            rect(left, py(y) - 0.5, plotW, 1, grid)
            labels.append((LinePlot.format(y), left - 10, py(y), .right))
            y += yTickStep
        }
        var x = (xRange.lowerBound / xTickStep).rounded(.up) * xTickStep
        while x <= xRange.upperBound + 1e-9 {
            rect(px(x) - 0.5, top, 1, plotH, grid)
            labels.append((LinePlot.format(x) + " " + xUnit, px(x), top + plotH + 18, .center))
            x += xTickStep
        }
        for marker in markers {
            rect(px(marker.x) - 1, top, 2, plotH, marker.color.withAlpha(0.75))
        }
        for s in series {
            for (a, b) in zip(s.points, s.points.dropFirst()) {
                if let q = LinePlot.segment(from: (px(a.x), py(a.y)), to: (px(b.x), py(b.y)), width: s.width,
                                            color: s.color, height: height) {
                    quads.append(q)
                }
            }
        }
        let bg = background
        SceneRasterizer().draw(quads, clearTo: Blend.premultiplied(r: bg.r, g: bg.g, b: bg.b, a: 255), into: &pixmap)

        let small = TextStyle(string: "", size: 13, color: ink)
        for (string, lx, ly, align) in labels {
            var style = small
            style.string = string
            let layout = try text.layout(style)
            let ox = align == .right ? lx - layout.width : (align == .center ? lx - layout.width / 2 : lx)
            text.draw(layout, at: ox, y: ly - layout.height / 2, into: &pixmap)
        }
        var titleStyle = TextStyle(string: title, size: 17, weight: .bold, color: ink)
        titleStyle.string = title
        try text.draw(titleStyle, at: left, y: 16, into: &pixmap)
        // Legend, right-aligned in the top margin.
        var lx = Double(width) - right
        for entry in legend.reversed() {
            var style = small
            style.string = entry.label
            let layout = try text.layout(style)
            lx -= layout.width
            text.draw(layout, at: lx, y: 22, into: &pixmap)
            lx -= 18
            let swatch = LinePlot.quad(Rect(x: lx, y: 24, width: 12, height: 12), transform: .identity,
                                       color: entry.color, height: height, radius: 3)
            if let swatch { SceneRasterizer().draw([swatch], clearTo: nil, into: &pixmap) }
            lx -= 22
        }
        return pixmap
    }

    private static func quad(_ r: Rect, transform: Matrix4, color: Color, height: Int, radius: Double = 0) -> QuadRasterizer? {
        QuadRasterizer(transform: transform, source: r, outline: r, cornerRadius: radius, antialiased: .all, opacity: 1,
                       paint: .solid(Blend.premultiplied(r: color.r, g: color.g, b: color.b, a: color.a)),
                       clipHeight: height)
    }

    /// A line segment as a rotated rectangle with round-ish ends (half the width past each end).
    private static func segment(from a: (Double, Double), to b: (Double, Double), width: Double, color: Color,
                                height: Int) -> QuadRasterizer? {
        let dx = b.0 - a.0, dy = b.1 - a.1
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1e-9 else { return nil }
        let m = Matrix4.translation(a.0, a.1) * .rotation(atan2(dy, dx), axis: 0, 0, 1)
        let r = Rect(x: -width / 2, y: -width / 2, width: length + width, height: width)
        return quad(r, transform: m, color: color, height: height, radius: width / 2)
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
