import Foundation
import Testing
@testable import PageReelDeck

/// A deck written by `DeckEncoder` decodes to the same deck, through the same checks.
@Suite struct DeckEncoderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func roundTrip(_ deck: Deck, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = DeckEncoder.json(deck)
        let decoded = try DeckDecoder.decode(Array(text.utf8), file: "encoded.json")
        #expect(decoded == deck, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func everySampleRoundTrips() throws {
        let samples = Self.root.appendingPathComponent("Samples")
        var count = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path) {
            let file = samples.appendingPathComponent(name).appendingPathComponent("deck.json")
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            try roundTrip(try DeckDecoder.decode(data, file: file.path))
            count += 1
        }
        #expect(count >= 7)
    }

    @Test func everyKindOfValueRoundTrips() throws {
        var deck = Deck(canvas: Canvas(width: 640, height: 360, fps: 60, background: .color(Color(r: 1, g: 2, b: 3, a: 4))),
                        pages: .template(count: 12, page: Page(background: .gradient(from: .white, to: .black, angle: 33.3),
                                                               image: "a{i%3}.png", fit: .fit, title: "T {n}",
                                                               subtitle: "<b>s</b>", textColor: Color(r: 9, g: 8, b: 7),
                                                               caption: "Caption {n}",
                                                               layers: [
            Layer(content: .text(TextStyle(string: "x\ny \"q\" \\", size: 13.25, weight: .bold, color: .black,
                                           align: .end, font: "Noto Sans", lineHeight: 1.6, markup: true)),
                  x: -3.5, y: 0.1 + 0.2, width: 100, parallax: Parallax(x: -4, y: 1)),
            Layer(content: .image("b.png"), x: 1, y: 2, width: 30, height: 40, fit: .stretch, opacity: 0.25),
        ])))
        deck.pages = .template(count: 12, page: deck.page(at: 0).withMarkup())
        deck.transition = .custom(CustomTransition(angleRatio: 0.5, translation: (0.25, -0.1), rotation: (-1, 0, 0.5),
                                                   perspective: 800))
        deck.perspective = 500
        deck.clip = true
        deck.fold = FoldOptions(folds: 7)
        deck.pageStyle = PageStyle(cornerRadius: 12, shadow: Shadow(radius: 3, offsetX: 1, offsetY: -2),
                                   background: .color(Color(r: 200, g: 201, b: 202)))
        var tabs = Tabs(titles: Array(repeating: "t", count: 12))
        tabs.weight = .regular
        tabs.selector.alpha = 0.5
        deck.tabs = tabs
        var indicator = Indicator()
        indicator.offset = -8
        deck.indicator = indicator
        deck.touches = true
        deck.audio = Audio(music: Audio.Music(file: "m.mp3", start: 1.5, volume: 0.25, fadeIn: 0.5, fadeOut: 2, loop: true),
                           touches: Audio.Touches(volume: 0.5, tap: "t.wav", drag: "d.wav"), recordings: false)
        deck.physics.paging = false
        deck.physics.deceleration = 0.97
        deck.physics.snap = Physics.Spring(response: 0.5, dampingRatio: 0.8)
        deck.script = [
            Step(.wait(0.25)), Step(.drag(Step.Drag(by: -0.4, duration: 0.3, curve: .easeOut, velocity: 12, release: false))),
            Step(.fling(velocity: -1800), at: 1), Step(.swipe(.prev)), Step(.jump(Step.Jump(to: 5, through: false))),
            Step(.tap(tab: 3)), Step(.hint(Step.Hint(distance: -20, duration: 0.4))), Step(.transition(.named(.cube))),
        ]
        deck.tail = 1.5
        deck.duration = 12.5
        deck.fonts = ["fonts/Brand.otf"]
        var device = Device(model: .phoneWithHomeButton)
        device.color = Color(r: 200, g: 10, b: 10)
        device.statusBar = Device.StatusBar(time: "12:00", style: .dark)
        device.homeIndicator = false
        device.url = "https://example.com/a?b=c"
        deck.device = device
        deck.captions.position = .top
        deck.captions.maxWidth = 480
        deck.captions.weight = .regular
        deck.captions.transition = .slide
        try roundTrip(deck)
        deck.device = Device(named: "auto")
        deck.device?.statusBar = Device.StatusBar(always: true)
        try roundTrip(deck)
        deck.device = Device(named: "tablet")
        deck.viewport = Deck.defaultViewport(for: deck.canvas)
        deck.automaticViewport = true
        try roundTrip(deck)
        deck.canvas.background = .gradient(from: .black, to: .white, angle: 45)
        deck.device?.statusBar = nil
        try roundTrip(deck)
        deck.canvas.background = .image("bg.png", fit: .fit)
        deck.device = Device(model: .browser)
        try roundTrip(deck)
        // Another model has no UIKit constants to write; jumps with their own lengths keep them.
        deck.physics = Physics()
        deck.physics.model = .icarousel
        deck.physics.paging = false
        deck.layout.wrap = true
        deck.script.append(Step(.jump(Step.Jump(to: 2, through: true, step: 0.25))))
        try roundTrip(deck)
    }
}

private extension Page {
    func withMarkup() -> Page {
        var page = self
        page.markup = true
        page.anchor = .bottom
        page.statusBar = false
        return page
    }
}
