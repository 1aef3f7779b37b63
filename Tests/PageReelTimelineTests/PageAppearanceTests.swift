import PageReelDeck
import PageReelTimeline
import Testing

/// When pages become the current page (for recordings that play `onAppear`): found on the 1 ms
/// grid, against the closed form of the eased moves, and in step with `pageChanged` events.
@Suite struct PageAppearanceTests {
    /// A deck with a recording that plays on appear, so the timeline tracks appearances.
    static func deck(script: [Step], pages: Int = 5) -> Deck {
        TestDeck.make(pages: pages, script: script) { deck in
            deck.pages = .template(count: pages, page: Page(video: Video(file: "rec.mp4", play: .onAppear)))
        }
    }

    /// An ease-in-out move is half-way at its mid-time, where the nearest page changes.
    @Test func aJumpChangesThePageAtItsMidpoint() throws {
        let timeline = try Timeline(deck: Self.deck(script: [Step(.jump(Step.Jump(to: 1, through: false, duration: 0.4)),
                                                                   at: 1)]))
        #expect(timeline.appearances.count == 2)
        #expect(timeline.appearances.first == PageAppearance(time: 0, page: 0))
        let change = try #require(timeline.appearances.last)
        #expect(change.page == 1)
        #expect(change.time >= 1.2 - 1e-9 && change.time <= 1.201 + 1e-9)
    }

    /// Walking through pages makes each one current in turn, half-way through its step.
    @Test func aWalkMakesEachPageCurrentInTurn() throws {
        let timeline = try Timeline(deck: Self.deck(script: [Step(.jump(Step.Jump(to: 3, step: 0.3)), at: 1)]))
        let changes = Array(timeline.appearances.dropFirst())
        #expect(changes.map(\.page) == [1, 2, 3])
        for (k, change) in changes.enumerated() {
            let mid = 1 + 0.3 * Double(k) + 0.15
            #expect(change.time >= mid - 1e-9 && change.time <= mid + 0.001 + 1e-9)
        }
    }

    /// Each appearance falls in the frame interval of the `pageChanged` event that reports it.
    @Test(arguments: [24, 30, 60])
    func agreesWithPageChangedEvents(fps: Int) throws {
        let script = [Step(.swipe(.next), at: 0.5), Step(.swipe(.next)), Step(.swipe(.prev), at: 2.5),
                      Step(.jump(Step.Jump(to: 4)), at: 3.5)]
        let timeline = try Timeline(deck: Self.deck(script: script))
        let changed = timeline.events(fps: fps).filter { $0.event == .pageChanged }
        let appearances = Array(timeline.appearances.dropFirst())
        #expect(appearances.map(\.page) == changed.map(\.page))
        for (appearance, event) in zip(appearances, changed) {
            #expect(appearance.time > Double(event.frame - 1) / Double(fps) - 0.001)
            #expect(appearance.time <= Double(event.frame) / Double(fps) + 1e-9)
        }
    }

    /// A state knows when each page last became current, and nothing after its own instant.
    @Test func stateSeesOnlyThePast() throws {
        let timeline = try Timeline(deck: Self.deck(script: [Step(.swipe(.next), at: 0.5), Step(.swipe(.prev), at: 2)]))
        let changes = timeline.appearances
        #expect(changes.map(\.page) == [0, 1, 0])
        #expect(timeline.state(at: 0.1).lastAppearance(of: 0) == 0)
        #expect(timeline.state(at: 0.1).lastAppearance(of: 1) == nil)
        #expect(timeline.state(at: changes[1].time).lastAppearance(of: 1) == changes[1].time)
        #expect(timeline.state(at: changes[1].time.nextDown).lastAppearance(of: 1) == nil)
        #expect(timeline.state(at: timeline.duration).lastAppearance(of: 0) == changes[2].time)
    }

    /// Without a recording that plays on appear, nothing is tracked.
    @Test func untrackedWithoutOnAppearRecordings() throws {
        let timeline = try Timeline(deck: TestDeck.make(script: [Step(.swipe(.next))]))
        #expect(timeline.appearances.isEmpty)
        #expect(timeline.state(at: 1).appearances.isEmpty)
    }

    /// The same instants whatever the frame rate asks: they depend on the script only.
    @Test func independentOfTheFrameRate() throws {
        let deck = Self.deck(script: [Step(.drag(Step.Drag(by: 1.6, duration: 0.5)), at: 0.4)])
        var at30 = deck
        at30.canvas.fps = 30
        var at60 = deck
        at60.canvas.fps = 60
        let appearances = try Timeline(deck: at30).appearances
        #expect(appearances.count > 1)
        #expect(try Timeline(deck: at60).appearances == appearances)
    }
}
