import PageReelDeck
import PageReelTimeline
import Testing

/// Lifecycle events as MAGPagedScrollView's container would forward them, from the sampled frames.
struct LifecycleTrackerTests {
    private func events(_ script: [Step], fps: Int = 30) throws -> [TimelineEvent] {
        try Timeline(deck: TestDeck.make(script: script)).events(fps: fps)
    }

    private func kinds(_ events: [TimelineEvent]) -> [String] {
        events.map { "\($0.event.rawValue)(\($0.page))" }
    }

    @Test func frameZeroShowsTheFirstPage() throws {
        let all = try events([Step(.wait(1))])
        #expect(kinds(all) == ["willAppear(0)", "didAppear(0)"])
        #expect(all.allSatisfy { $0.frame == 0 && $0.time == 0 })
    }

    @Test(arguments: [30, 60])
    func swipeNext(fps: Int) throws {
        let all = try events([Step(.swipe(.next))], fps: fps)
        #expect(kinds(all) == ["willAppear(0)", "didAppear(0)", "willDisappear(0)", "willAppear(1)",
                               "pageChanged(1)", "didDisappear(0)", "didAppear(1)"])
        // Frame 1 is the first where the content has left page 0 (and shows more than 0.5 pt of page 1).
        #expect(all[2].frame == 1 && all[3].frame == 1)
        #expect(all.allSatisfy { $0.time == Double($0.frame) / Double(fps) })
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.frame <= $1.frame })
    }

    @Test func swipeNextStampsTheFramesThatShowEachChange() throws {
        let timeline = try Timeline(deck: TestDeck.make(script: [Step(.swipe(.next))]))
        let all = timeline.events(fps: 30)
        let changed = try #require(all.first { $0.event == .pageChanged })
        #expect(timeline.state(at: changed.time).position >= 0.5)
        #expect(timeline.state(at: Double(changed.frame - 1) / 30).position < 0.5)
        let appeared = try #require(all.last)
        #expect(appeared.event == .didAppear)
        #expect(timeline.state(at: appeared.time).offset == 600)
        #expect(timeline.state(at: Double(appeared.frame - 1) / 30).phase == .snapping)
        let gone = try #require(all.first { $0.event == .didDisappear })
        #expect(timeline.state(at: gone.time).offset >= 599.5)
        #expect(timeline.state(at: Double(gone.frame - 1) / 30).offset < 599.5)
    }

    @Test func snappedBackDrag() throws {
        // 0.3 page in 2 s (90 pt/s): snaps back to page 0.
        let all = try events([Step(.drag(Step.Drag(by: 0.3, duration: 2)))])
        #expect(kinds(all) == ["willAppear(0)", "didAppear(0)", "willDisappear(0)", "willAppear(1)",
                               "didDisappear(1)", "didAppear(0)"])
    }

    @Test func hintDisappearsAndReappears() throws {
        let all = try events([Step(.hint(Step.Hint()))])
        #expect(kinds(all) == ["willAppear(0)", "didAppear(0)", "willDisappear(0)", "willAppear(1)",
                               "didDisappear(1)", "didAppear(0)"])
    }

    /// RKSwipe walks through every page with one queued page transition each: each page on the way
    /// finishes appearing (the eased step rests on it for an instant) before the next one starts.
    @Test func jumpThroughReportsEveryPageOnTheWay() throws {
        let all = try events([Step(.jump(Step.Jump(to: 3)))])
        #expect(kinds(all) == [
            "willAppear(0)", "didAppear(0)",
            "willDisappear(0)", "willAppear(1)", "pageChanged(1)", "didDisappear(0)", "didAppear(1)",
            "willDisappear(1)", "willAppear(2)", "pageChanged(2)", "didDisappear(1)", "didAppear(2)",
            "willDisappear(2)", "willAppear(3)", "pageChanged(3)", "didDisappear(2)", "didAppear(3)",
        ])
    }

    /// A snap that settles between two frames, followed at once by a jump, still reports the rest.
    @Test func restBetweenFramesIsReported() throws {
        var deck = Deck(viewport: Rect(x: 0, y: 0, width: 600, height: 400), pages: .list(Array(repeating: Page(), count: 4)))
        deck.script = [Step(.swipe(.next)), Step(.jump(Step.Jump(to: 3, through: false)))]
        let timeline = try Timeline(deck: deck)
        for fps in [24, 30, 60] {
            let arrivals = timeline.events(fps: fps).filter { $0.event == .didAppear }.map(\.page)
            #expect(arrivals == [0, 1, 3], "at \(fps) fps")
        }
    }

    @Test func eventsWithinAFrameFollowTheContractOrder() throws {
        // A fast direct jump crosses several pages between two frames.
        let all = try events([Step(.jump(Step.Jump(to: 3, through: false, duration: 0.35)))])
        let order = EventKind.allCases
        for frame in Set(all.map(\.frame)) {
            let ranks = all.filter { $0.frame == frame }.map { order.firstIndex(of: $0.event)! }
            #expect(ranks == ranks.sorted(), "frame \(frame)")
        }
        #expect(kinds(all).last == "didAppear(3)")
    }
}
