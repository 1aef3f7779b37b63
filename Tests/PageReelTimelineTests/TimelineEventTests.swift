import Foundation
import PageReelTimeline
import Testing

/// Events encode to the fields `pagereel timeline --events` prints.
struct TimelineEventTests {
    @Test func encodesAsTheCommandsJSONLines() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let event = TimelineEvent(frame: 37, time: 1.25, page: 2, event: .didAppear)
        let json = String(decoding: try encoder.encode(event), as: UTF8.self)
        #expect(json == #"{"event":"didAppear","frame":37,"page":2,"time":1.25}"#)
        #expect(try JSONDecoder().decode(TimelineEvent.self, from: Data(json.utf8)) == event)
    }

    @Test func kindsAreListedInTheirWithinFrameOrder() {
        #expect(EventKind.allCases.map(\.rawValue) == ["willDisappear", "willAppear", "didDisappear", "pageChanged", "didAppear"])
    }
}
