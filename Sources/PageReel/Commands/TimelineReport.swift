import Foundation
import PageReelDeck
import PageReelMedia
import PageReelRaster
import PageReelTimeline

/// The timeline of a project sampled at frame times, as CSV, JSON, lifecycle events (JSON Lines)
/// or a plot (`pagereel timeline`).
public struct TimelineReport {
    /// The checked deck whose timeline is reported.
    public let project: Project
    /// The rate the timeline is sampled at.
    public let fps: Int

    /// A report at `fps` (the deck's rate when nil); a rate outside 1…120 is `.usage`.
    public init(project: Project, fps: Int? = nil) throws(PageReelError) {
        self.project = project
        self.fps = fps ?? project.deck.canvas.fps
        guard (1...120).contains(self.fps) else { throw .usage("--fps: \(self.fps) is outside 1…120") }
    }

    /// The CSV columns, in order (DESIGN §7).
    public static let columns = ["frame", "time", "offset", "position", "velocity", "phase"]

    /// One state per frame.
    public var states: [(frame: Int, state: TimelineState)] {
        let timeline = project.timeline
        return (0..<timeline.frameCount(fps: fps)).map { ($0, timeline.state(at: Double($0) / Double(fps))) }
    }

    /// `frame,time,offset,position,velocity,phase`, one row per frame.
    public func csv() -> String {
        var out = TimelineReport.columns.joined(separator: ",") + "\n"
        for (frame, s) in states {
            out += "\(frame),\(Self.number(s.time, 4)),\(Self.number(s.offset, 3)),\(Self.number(s.position, 5)),"
                + "\(Self.number(s.velocity, 3)),\(s.phase.rawValue)\n"
        }
        return out
    }

    /// The same rows as a JSON array of objects.
    public func json() -> String {
        let rows = states.map { frame, s in
            "{\"frame\":\(frame),\"time\":\(Self.number(s.time, 4)),\"offset\":\(Self.number(s.offset, 3)),"
                + "\"position\":\(Self.number(s.position, 5)),\"velocity\":\(Self.number(s.velocity, 3)),"
                + "\"phase\":\"\(s.phase.rawValue)\"}"
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }

    /// One JSON object per line: `{"frame":37,"time":1.2333,"page":2,"event":"didAppear"}`, and
    /// for a deck whose touches sound, each sound's start: `"event":"tapSound"` (or `dragSound`)
    /// at the touch-down's exact time, with the frame that first shows the finger and the page
    /// nearest the viewport then.
    public func eventLines() -> String {
        var lines = project.timeline.events(fps: fps).map { e in
            (frame: e.frame, time: e.time, page: e.page, event: e.event.rawValue)
        }
        for sound in touchSounds {
            // Stable: a sound is listed after the frame's lifecycle events.
            let at = lines.firstIndex { $0.frame > sound.frame } ?? lines.endIndex
            lines.insert(sound, at: at)
        }
        return lines.map { e in
            "{\"frame\":\(e.frame),\"time\":\(Self.number(e.time, 4)),\"page\":\(e.page),\"event\":\"\(e.event)\"}\n"
        }.joined()
    }

    /// The touch sounds the deck's `audio.touches` plays, in time order.
    var touchSounds: [(frame: Int, time: Double, page: Int, event: String)] {
        guard let touches = project.deck.audio.touches else { return [] }
        let timeline = project.timeline
        let frames = timeline.frameCount(fps: fps)
        return timeline.touchDowns.compactMap { down in
            guard down.isTap || touches.drag != nil else { return nil }
            let frame = min(frames - 1, Int((down.time * Double(fps) - 1e-9).rounded(.up)))
            let position = timeline.state(at: down.time).position
            let page = min(max(Int(position.rounded()), 0), max(timeline.pageCount - 1, 0))
            return (frame, down.time, page, down.isTap ? "tapSound" : "dragSound")
        }
    }

    /// Position (pages) over time, with the lifecycle events marked.
    public func plot(width: Int = 1200, height: Int = 600) throws(PageReelError) -> Pixmap {
        let timeline = project.timeline
        let samples = states
        let positions = samples.map(\.state.position)
        let low = min(0, (positions.min() ?? 0)) - 0.25
        let high = max(Double(timeline.pageCount - 1), positions.max() ?? 0) + 0.25
        var plot = LinePlot(xRange: 0...max(timeline.duration, 0.1), yRange: low...high)
        plot.width = width
        plot.height = height
        let name = (project.file as NSString).lastPathComponent
        let compact = width < 800
        plot.title = compact ? name : "\(name): position (pages) over time, \(fps) fps"
        plot.xTickStep = Self.niceStep(timeline.duration / (Double(width) / 110))
        plot.yTickStep = Self.niceStep((high - low) / (Double(height) / 70))
        let colors: [EventKind: Color] = [
            .willAppear: Color(r: 0x4E, g: 0xCD, b: 0xC4), .didAppear: Color(r: 0x3D, g: 0xDC, b: 0x84),
            .willDisappear: Color(r: 0xFF, g: 0xB3, b: 0x47), .didDisappear: Color(r: 0xFF, g: 0x6B, b: 0x6B),
            .pageChanged: Color(r: 0xB3, g: 0x9D, b: 0xFF),
        ]
        plot.markers = timeline.events(fps: fps).map { LinePlot.Marker(x: $0.time, color: colors[$0.event]!) }
        plot.series = [LinePlot.Series(points: samples.map { ($0.state.time, $0.state.position) },
                                       color: Color(r: 0xF5, g: 0xF7, b: 0xFA))]
        // A small plot has no room for the legend; the colours are the same in every plot.
        plot.legend = compact ? [] : EventKind.allCases.map { (colors[$0]!, $0.rawValue) }
        do {
            return try plot.render()
        } catch {
            throw .render(error)
        }
    }

    /// A tick step of 1, 2 or 5 × 10ⁿ near `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0 else { return 1 }
        let power = pow(10, floor(log10(raw)))
        let unit = raw / power
        return (unit < 1.5 ? 1 : unit < 3.5 ? 2 : unit < 7.5 ? 5 : 10) * power
    }

    /// A fixed-precision number without trailing zeros or a negative zero.
    static func number(_ value: Double, _ digits: Int) -> String {
        var s = String(format: "%.\(digits)f", value)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}
