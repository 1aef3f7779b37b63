import Foundation
import PageReelDeck
import PageReelEncode
import PageReelMedia
import PageReelRaster

/// The pictures and the summary `pagereel diff -o` writes, made as the comparison goes:
/// - `.png`: for each changed range, its most changed frame as old | new | difference (the changed
///   pixels in magenta over the old frame dimmed, the range's box outlined), under a line with the
///   times; at most `maxRows` ranges.
/// - `.webp`: every changed frame so, in order, animated at the comparison's pace.
/// - `.md`: the ranges as a table, naming the pictures written beside it (for a CI job summary).
/// Each file is written under a temporary name and renamed when the comparison has ended, so a
/// failed or interrupted run leaves none.
public final class DiffReport: VideoDiff.Observer {
    public let paths: [String]
    /// Panels are at most this wide (pixels), and the sheet shows at most this many ranges.
    static let panelWidth = 400
    static let maxRows = 24
    static let gap = 12
    static let header = 30

    private let text = TextRenderer()
    private var rows: [Pixmap] = []
    private var omitted = 0
    private var webp: WebPWriter?
    private var webpFrames = 0
    private var sides: (old: VideoDiff.Result.Side, new: VideoDiff.Result.Side)?
    private var interval = 1.0 / 30
    private var temporary: [String: String] = [:]

    /// `paths` end in .png, .webp or .md (checked by `check`).
    public init(paths: [String]) {
        self.paths = paths
    }

    /// A problem with an output path, for the command line: its format.
    public static func check(_ path: String) -> String? {
        ["png", "webp", "md"].contains((path as NSString).pathExtension.lowercased()) ? nil
            : "-o \(path): a report is .png, .webp or .md"
    }

    private func path(_ ext: String) -> String? { paths.first { ($0 as NSString).pathExtension.lowercased() == ext } }

    private func temporaryPath(for path: String) -> String {
        if let made = temporary[path] { return made }
        let folder = (path as NSString).deletingLastPathComponent
        let made = (folder.isEmpty ? "." : folder) + "/." + (path as NSString).lastPathComponent + ".part-\(getpid())"
        temporary[path] = made
        return made
    }

    public func begin(old: VideoDiff.Result.Side, new: VideoDiff.Result.Side, interval: Double) throws(PageReelError) {
        sides = (old, new)
        self.interval = interval
        for path in paths {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw .cannotCreateOutput(path: path, message: "cannot make its folder")
                }
            }
            guard FileManager.default.createFile(atPath: temporaryPath(for: path), contents: nil) else {
                throw .cannotCreateOutput(path: path, message: "cannot create it")
            }
        }
    }

    public func changedFrame(index: Int, time: Double, old: Pixmap?, new: Pixmap?, mask: [UInt8]?) throws(PageReelError) {
        guard let path = path("webp"), let sides else { return }
        let picture = try panels(old: old, new: new, mask: mask, box: nil, sides: sides,
                                 label: String(format: "%.2f s · frame %d", time, index))
        if webp == nil {
            let fps = max(1, min(120, Int((1 / interval).rounded())))
            do {
                webp = try WebPWriter(path: temporaryPath(for: path),
                                      options: WebPOptions(width: picture.width, height: picture.height, fps: fps))
            } catch {
                throw .encode(error)
            }
        }
        do {
            try webp?.write(picture, index: webpFrames)
        } catch {
            throw .encode(error)
        }
        webpFrames += 1
    }

    public func rangeEnded(_ range: VideoDiff.ChangedRange, old: Pixmap?, new: Pixmap?, mask: [UInt8]?) throws(PageReelError) {
        guard path("png") != nil, let sides else { return }
        guard rows.count < Self.maxRows else {
            omitted += 1
            return
        }
        rows.append(try panels(old: old, new: new, mask: mask, box: range.box, sides: sides, label: Self.line(for: range)))
    }

    /// Writes what is left and renames every report into place; `result` is the comparison's.
    public func finish(_ result: VideoDiff.Result) throws(PageReelError) {
        do {
            if let path = path("png") {
                try PNGFile.write(try sheet(result), to: temporaryPath(for: path))
            }
            if let path = path("webp") {
                if webp == nil {
                    // Nothing changed: one frame that says so.
                    var still = Pixmap(width: 480, height: 60)
                    still.fill(x: 0, y: 0, width: 480, height: 60, color: Self.background)
                    try text.draw(TextStyle(string: "no visible change (\(result.frames) frames)", size: 18, color: Self.ink),
                                  at: 16, y: 18, into: &still)
                    let writer = try WebPWriter(path: temporaryPath(for: path), options: WebPOptions(width: 480, height: 60, fps: 1))
                    try writer.write(still, index: 0)
                    webp = writer
                }
                try webp?.finish()
            }
        } catch let error as EncodeError {
            throw .encode(error)
        } catch let error as RasterError {
            throw .render(error)
        } catch {
            throw .writeFailed(path: paths.first ?? "", message: "\(error)")
        }
        if let path = path("md") {
            let markdown = markdown(result, folder: (path as NSString).deletingLastPathComponent)
            guard FileManager.default.createFile(atPath: temporaryPath(for: path), contents: Data(markdown.utf8)) else {
                throw .writeFailed(path: path, message: "cannot write it")
            }
        }
        for path in paths {
            guard rename(temporaryPath(for: path), path) == 0 else {
                throw .writeFailed(path: path, message: String(cString: strerror(errno)))
            }
            temporary[path] = nil
        }
    }

    /// Removes whatever was written under temporary names (after a failure).
    public func discard() {
        for made in temporary.values { try? FileManager.default.removeItem(atPath: made) }
        temporary = [:]
    }

    // MARK: - Text

    /// "2.90–5.10 s (frames 87–153): up to 4% of the picture, around (412, 180)".
    public static func line(for range: VideoDiff.ChangedRange) -> String {
        let when = range.from == range.to ? String(format: "%.2f s (frame %d)", range.fromTime, range.from)
            : String(format: "%.2f–%.2f s (frames %d–%d)", range.fromTime, range.toTime, range.from, range.to)
        if let note = range.note { return "\(when): \(note)" }
        return "\(when): up to \(percent(range.maxChanged)) of the picture, around (\(range.around[0]), \(range.around[1]))"
    }

    static func percent(_ fraction: Double) -> String {
        let p = 100 * fraction
        return p >= 0.95 ? String(format: "%.0f%%", p) : p >= 0.095 ? String(format: "%.1f%%", p) : "<0.1%"
    }

    func markdown(_ result: VideoDiff.Result, folder: String) -> String {
        var lines = ["## pagereel diff", ""]
        lines.append("`\(result.old.path)` (\(result.old.width)×\(result.old.height), \(String(format: "%.2f", result.old.duration)) s) → "
                     + "`\(result.new.path)` (\(result.new.width)×\(result.new.height), \(String(format: "%.2f", result.new.duration)) s), "
                     + "\(result.frames) instants compared.")
        lines.append("")
        if result.same {
            lines.append("**No visible change.**")
        } else {
            let n = result.changed.count
            lines.append("**\(n) changed range\(n == 1 ? "" : "s"):**")
            lines.append("")
            lines.append("| when | frames | changed | where |")
            lines.append("|---|---|---|---|")
            for range in result.changed {
                let when = String(format: "%.2f–%.2f s", range.fromTime, range.toTime)
                let what = range.note ?? "up to \(Self.percent(range.maxChanged))"
                let b = range.box
                lines.append("| \(when) | \(range.from)–\(range.to) | \(what) | around (\(range.around[0]), \(range.around[1])); box \(b[2])×\(b[3]) at (\(b[0]), \(b[1])) |")
            }
        }
        for (ext, title) in [("png", "old | new | difference, the most changed frame of each range"),
                             ("webp", "every changed frame, animated")] {
            guard let path = path(ext) else { continue }
            lines.append("")
            lines.append("![\(title)](\(Self.relative(path, from: folder)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func relative(_ path: String, from folder: String) -> String {
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var common = 0
        while common < min(base.count, target.count), base[common] == target[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...]).joined(separator: "/")
    }

    // MARK: - Pictures

    static let background = Color(r: 0x16, g: 0x18, b: 0x20)
    static let ink = Color(r: 0xE8, g: 0xEA, b: 0xF0)
    static let highlight = (r: 255, g: 0x2D, b: 0x78)
    static let outline = Color(r: 0xFF, g: 0xD4, b: 0x3B)

    /// The sheet: the rows under a title.
    private func sheet(_ result: VideoDiff.Result) throws(RasterError) -> Pixmap {
        let title = result.same ? "no visible change (\(result.frames) frames)"
            : "\(result.changed.count) changed range\(result.changed.count == 1 ? "" : "s") in \(result.frames) frames"
            + (omitted > 0 ? " (the first \(rows.count) shown)" : "")
        let width = max(rows.map(\.width).max() ?? 0, 480)
        let height = Self.header + rows.reduce(0) { $0 + $1.height + Self.gap } + Self.gap
        var sheet = Pixmap(width: width, height: height)
        sheet.fill(x: 0, y: 0, width: width, height: height, color: Self.background)
        try text.draw(TextStyle(string: title, size: 17, weight: .bold, color: Self.ink), at: Double(Self.gap), y: 6, into: &sheet)
        var y = Self.header
        for row in rows {
            Self.copy(row, into: &sheet, x: 0, y: y)
            y += row.height + Self.gap
        }
        return sheet
    }

    /// One row: a label, then old | new | difference at panel size.
    private func panels(old: Pixmap?, new: Pixmap?, mask: [UInt8]?, box: [Int]?,
                        sides: (old: VideoDiff.Result.Side, new: VideoDiff.Result.Side), label: String) throws(PageReelError) -> Pixmap {
        let source = (width: sides.old.width, height: sides.old.height)
        let panelWidth = min(Self.panelWidth, source.width)
        let scale = Double(panelWidth) / Double(source.width)
        let panelHeight = max(1, Int((Double(source.height) * scale).rounded()))
        let labelHeight = 26
        let width = 3 * panelWidth + 4 * Self.gap
        let height = labelHeight + 18 + panelHeight
        var row = Pixmap(width: width, height: height)
        row.fill(x: 0, y: 0, width: width, height: height, color: Self.background)
        do {
            try text.draw(TextStyle(string: label, size: 15, color: Self.ink), at: Double(Self.gap), y: 4, into: &row)
            for (k, name) in ["OLD", "NEW", "DIFFERENCE"].enumerated() {
                try text.draw(TextStyle(string: name, size: 11, weight: .bold, color: Color(r: 0x9A, g: 0xA0, b: 0xB4)),
                              at: Double(Self.gap + k * (panelWidth + Self.gap)), y: Double(labelHeight), into: &row)
            }
            let top = labelHeight + 18
            func place(_ picture: Pixmap?, column: Int) throws(RasterError) {
                let x = Self.gap + column * (panelWidth + Self.gap)
                guard let picture else {
                    row.fill(x: x, y: top, width: panelWidth, height: panelHeight, color: Color(r: 0x2A, g: 0x2D, b: 0x38))
                    try text.draw(TextStyle(string: "no frame", size: 13, color: Self.ink), at: Double(x + 10), y: Double(top + 10), into: &row)
                    return
                }
                let w = min(panelWidth, Int((Double(picture.width) * scale).rounded()))
                let h = min(panelHeight, Int((Double(picture.height) * scale).rounded()))
                Self.copy(Self.reduced(picture, width: max(1, w), height: max(1, h)), into: &row, x: x, y: top)
            }
            try place(old, column: 0)
            try place(new, column: 1)
            let x = Self.gap + 2 * (panelWidth + Self.gap)
            if let old, let new, old.width == new.width, old.height == new.height {
                var difference = Self.reduced(old, width: panelWidth, height: panelHeight)
                Self.dim(&difference)
                if let mask { Self.mark(mask, width: old.width, height: old.height, on: &difference) }
                if let box {
                    Self.outline(box, scale: Double(panelWidth) / Double(old.width), on: &difference)
                }
                Self.copy(difference, into: &row, x: x, y: top)
            } else {
                row.fill(x: x, y: top, width: panelWidth, height: panelHeight, color: Color(r: 0x2A, g: 0x2D, b: 0x38))
                let what = old == nil || new == nil ? "only one side has this frame"
                    : "sizes differ: \(sides.old.width)×\(sides.old.height) vs \(sides.new.width)×\(sides.new.height)"
                try text.draw(TextStyle(string: what, size: 13, color: Self.ink), at: Double(x + 10), y: Double(top + 10),
                              maxWidth: Double(panelWidth - 20), into: &row)
            }
        } catch {
            throw .render(error)
        }
        return row
    }

    /// `picture` made `width`×`height` by averaging the pixels each new pixel covers.
    static func reduced(_ picture: Pixmap, width: Int, height: Int) -> Pixmap {
        if picture.width == width && picture.height == height { return picture }
        var out = Pixmap(width: width, height: height)
        let sx = Double(picture.width) / Double(width), sy = Double(picture.height) / Double(height)
        picture.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let y0 = Int(Double(y) * sy), y1 = max(y0 + 1, min(picture.height, Int(Double(y + 1) * sy)))
                    for x in 0..<width {
                        let x0 = Int(Double(x) * sx), x1 = max(x0 + 1, min(picture.width, Int(Double(x + 1) * sx)))
                        var sum = (0, 0, 0, 0)
                        for yy in y0..<y1 {
                            var i = (yy * picture.width + x0) * 4
                            for _ in x0..<x1 {
                                sum.0 += Int(src[i]); sum.1 += Int(src[i + 1]); sum.2 += Int(src[i + 2]); sum.3 += Int(src[i + 3])
                                i += 4
                            }
                        }
                        let n = (y1 - y0) * (x1 - x0), o = (y * width + x) * 4
                        dst[o] = UInt8((sum.0 + n / 2) / n)
                        dst[o + 1] = UInt8((sum.1 + n / 2) / n)
                        dst[o + 2] = UInt8((sum.2 + n / 2) / n)
                        dst[o + 3] = UInt8((sum.3 + n / 2) / n)
                    }
                }
            }
        }
        return out
    }

    /// The old frame dimmed to a third, in grey, so the highlight stands out.
    static func dim(_ picture: inout Pixmap) {
        picture.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let grey = (Int(p[i]) * 54 + Int(p[i + 1]) * 183 + Int(p[i + 2]) * 19) >> 8
                let v = UInt8(20 + grey / 3)
                (p[i], p[i + 1], p[i + 2], p[i + 3]) = (v, v, v, 255)
            }
        }
    }

    /// Paints the pixels of `picture` (a reduced `width`×`height` mask) that cover a changed pixel.
    static func mark(_ mask: [UInt8], width: Int, height: Int, on picture: inout Pixmap) {
        let sx = Double(width) / Double(picture.width), sy = Double(height) / Double(picture.height)
        let pw = picture.width
        picture.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<picture.height {
                let y0 = Int(Double(y) * sy), y1 = max(y0 + 1, min(height, Int(Double(y + 1) * sy)))
                for x in 0..<pw {
                    let x0 = Int(Double(x) * sx), x1 = max(x0 + 1, min(width, Int(Double(x + 1) * sx)))
                    var hit = false
                    for yy in y0..<y1 where !hit {
                        for xx in x0..<x1 where mask[yy * width + xx] != 0 { hit = true; break }
                    }
                    guard hit else { continue }
                    let o = (y * pw + x) * 4
                    (p[o], p[o + 1], p[o + 2], p[o + 3]) = (UInt8(highlight.r), UInt8(highlight.g), UInt8(highlight.b), 255)
                }
            }
        }
    }

    /// Outlines `box` (pixels of the full frame) at `scale`, two pixels wide, just outside it.
    static func outline(_ box: [Int], scale: Double, on picture: inout Pixmap) {
        let x0 = max(0, Int(Double(box[0]) * scale) - 2), y0 = max(0, Int(Double(box[1]) * scale) - 2)
        let x1 = min(picture.width, Int((Double(box[0] + box[2]) * scale).rounded(.up)) + 2)
        let y1 = min(picture.height, Int((Double(box[1] + box[3]) * scale).rounded(.up)) + 2)
        guard x1 > x0, y1 > y0 else { return }
        for (x, y, w, h) in [(x0, y0, x1 - x0, 2), (x0, y1 - 2, x1 - x0, 2), (x0, y0, 2, y1 - y0), (x1 - 2, y0, 2, y1 - y0)] {
            picture.fill(x: x, y: y, width: w, height: max(0, h), color: outline)
        }
    }

    static func copy(_ picture: Pixmap, into target: inout Pixmap, x: Int, y: Int) {
        let w = min(picture.width, target.width - x)
        guard w > 0 else { return }
        picture.pixels.withUnsafeBufferPointer { src in
            target.pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<min(picture.height, target.height - y) {
                    let from = row * picture.width * 4, to = ((y + row) * target.width + x) * 4
                    for i in 0..<(w * 4) { dst[to + i] = src[from + i] }
                }
            }
        }
    }
}
