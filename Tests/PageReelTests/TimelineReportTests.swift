import Foundation
import Testing
import PageReelRaster
import PageReelTestSupport
@testable import PageReel

@Suite struct TimelineReportTests {
    let scratch = ScratchDirectory()

    @Test func csvHasTheDocumentedColumnsAndOneRowPerFrame() throws {
        let project = try Project.load(try TestDecks.write(in: scratch))
        let report = try TimelineReport(project: project)
        let lines = report.csv().split(separator: "\n")
        #expect(lines.first == "frame,time,offset,position,velocity,phase")
        #expect(lines.count - 1 == project.frameCount(fps: 20))
        // Row k is frame k at t = k/20, and offset = position · W (W = 60).
        for line in lines.dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            #expect(f.count == 6)
            let frame = Int(f[0])!, time = Double(f[1])!, offset = Double(f[2])!, position = Double(f[3])!
            #expect(abs(time - Double(frame) / 20) < 1e-4)
            #expect(abs(offset - position * 60) < 0.01)
            #expect(["idle", "dragging", "decelerating", "snapping", "jumping", "hinting", "bouncing"].contains(f[5]))
        }
    }

    @Test func jsonMatchesTheCSV() throws {
        let report = try TimelineReport(project: try Project.load(try TestDecks.write(in: scratch)))
        let rows = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [[String: Any]] ?? []
        let csvRows = report.csv().split(separator: "\n").dropFirst()
        #expect(rows.count == csvRows.count)
        #expect(Set(rows.first?.keys.map { $0 } ?? []) == Set(TimelineReport.columns))
    }

    @Test func eventsAreJSONLines() throws {
        let report = try TimelineReport(project: try Project.load(try TestDecks.write(in: scratch)))
        let lines = report.eventLines().split(separator: "\n")
        #expect(lines.first == #"{"frame":0,"time":0,"page":0,"event":"willAppear"}"#)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["frame"] is Int && object?["page"] is Int && object?["event"] is String)
        }
        // The deck swipes to page 1, then page 2, then jumps back to 0: each arrives once.
        let arrivals = lines.filter { $0.contains("didAppear") }.map { String($0) }
        #expect(arrivals.count == 4)
    }

    @Test func plotIsDrawn() throws {
        let report = try TimelineReport(project: try Project.load(try TestDecks.write(in: scratch)))
        let plot = try report.plot(width: 400, height: 200)
        #expect(plot.width == 400 && plot.height == 200)
        // The position line (near-white) is drawn somewhere in the plot area.
        var bright = 0
        for y in 56..<152 {
            for x in 70..<376 where plot.pixel(x: x, y: y).r > 230 { bright += 1 }
        }
        #expect(bright > 200)
    }

    @Test func sameInstantAtTwoFrameRates() throws {
        let project = try Project.load(try TestDecks.write(in: scratch))
        let at20 = try TimelineReport(project: project, fps: 20).states
        let at40 = try TimelineReport(project: project, fps: 40).states
        for (frame, state) in at20 {
            #expect(abs(state.offset - at40[2 * frame].state.offset) < 0.5)
        }
    }
}
