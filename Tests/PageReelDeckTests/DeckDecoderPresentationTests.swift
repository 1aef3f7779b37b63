import PageReelDeck
import Testing

/// `transition`, `perspective`, `fold`, `page` and `physics`.
@Suite struct DeckDecoderPresentationTests {
    @Test func acceptsEveryTransitionName() {
        for name in TransitionName.allCases {
            #expect(decodeDeck(with: #""transition": "\#(name.rawValue)""#)?.transition == .named(name))
        }
    }

    @Test(arguments: [
        (#""card""#, #"transition: unknown transition "card" (did you mean "cards"?)"#),
        (#""Cube""#, #"transition: unknown transition "Cube" (did you mean "cube"?)"#),
        (#""sparkle""#, #"transition: unknown transition "sparkle" (use none, slide, dive, roll, cards, fold, coverflow, cube, depth, zoom or a library's, as `pagereel transitions` lists them)"#),
        ("3", "transition: expected a transition name or an object, got a number"),
        (#"{"translation": [1, 2, 3]}"#, "transition.translation: expected 2 numbers, got 3"),
        (#"{"rotation": [0, "y", 0]}"#, "transition.rotation[1]: expected a number, got a string"),
        (#"{"rotation": 1}"#, "transition.rotation: expected an array of 3 numbers, got a number"),
        (#"{"perspective": -1}"#, "transition.perspective: must be >= 0"),
        (#"{"angle": 1}"#, "transition.angle: unknown key"),
        (#"{"angleratio": 1}"#, #"transition.angleratio: unknown key (did you mean "angleRatio"?)"#),
    ])
    func rejectsBadTransitions(transition: String, message: String) {
        #expect(issues(with: #""transition": "# + transition) == [message])
    }

    @Test func decodesACustomTransition() throws {
        let deck = try #require(decodeDeck(with: """
            "transition": {"angleRatio": 0.5, "translation": [0.25, 0], "rotation": [-1, 0, 0], "perspective": 500}
            """))
        let expected = CustomTransition(angleRatio: 0.5, translation: (0.25, 0), rotation: (-1, 0, 0), perspective: 500)
        #expect(deck.transition == .custom(expected))
        #expect(decodeDeck(with: #""transition": {}"#)?.transition == .custom(CustomTransition()))
    }

    @Test func checksPerspectiveAndFolds() {
        #expect(decodeDeck(with: #""perspective": 800, "fold": {"folds": 8}"#).map { ($0.perspective, $0.fold.folds) }
            ?? (0, 0) == (800, 8))
        #expect(issues(with: #""perspective": -5"#) == ["perspective: must be >= 0"])
        #expect(issues(with: #""fold": {"folds": 0}"#) == ["fold.folds: 0 is below the minimum of 1"])
        #expect(issues(with: #""fold": {"folds": 33}"#) == ["fold.folds: 33 is over the limit of 32"])
        #expect(issues(with: #""fold": {"folds": 2.5}"#) == ["fold.folds: expected an integer, got 2.5"])
        #expect(issues(with: #""fold": {"fold": 3}"#) == [#"fold.fold: unknown key (did you mean "folds"?)"#])
    }

    @Test func decodesPageStyles() throws {
        #expect(decodeDeck(with: #""page": {"shadow": false}"#)?.pageStyle.shadow == nil)
        #expect(decodeDeck(with: #""page": {"shadow": true}"#)?.pageStyle.shadow == Shadow())
        let custom = try #require(decodeDeck(with: """
            "page": {"cornerRadius": 12, "background": {"from": "#000", "to": "#FFF"},
                     "shadow": {"color": "#00000080", "radius": 10, "offsetX": 2, "offsetY": -4}}
            """))
        #expect(custom.pageStyle == PageStyle(
            cornerRadius: 12,
            shadow: Shadow(color: Color(r: 0, g: 0, b: 0, a: 0x80), radius: 10, offsetX: 2, offsetY: -4),
            background: .gradient(from: .black, to: .white, angle: 90)))
    }

    @Test(arguments: [
        (#"{"cornerRadius": -1}"#, "page.cornerRadius: must be >= 0"),
        (#"{"shadow": "yes"}"#, "page.shadow: expected true, false or an object, got a string"),
        (#"{"shadow": {"radius": -1}}"#, "page.shadow.radius: must be >= 0"),
        (#"{"shadow": {"blur": 3}}"#, "page.shadow.blur: unknown key"),
        (##"{"background": {"from": "#000"}}"##, "page.background.to: required"),
        (#"{"corner": 3}"#, "page.corner: unknown key"),
        (#"{"cornerRadus": 3}"#, #"page.cornerRadus: unknown key (did you mean "cornerRadius"?)"#),
    ])
    func rejectsBadPageStyles(page: String, message: String) {
        #expect(issues(with: #""page": "# + page) == [message])
    }

    @Test func decodesPhysics() throws {
        let deck = try #require(decodeDeck(with: """
            "physics": {"paging": false, "deceleration": "fast", "flingVelocity": 250,
                        "snap": {"response": 0.5, "dampingRatio": 0.8}, "rubberBand": 1, "bounces": false}
            """))
        #expect(deck.physics.paging == false)
        #expect(deck.physics.deceleration == 0.99)
        #expect(deck.physics.flingVelocity == 250)
        #expect(deck.physics.snap == Physics.Spring(response: 0.5, dampingRatio: 0.8))
        #expect(deck.physics.rubberBand == 1)
        #expect(deck.physics.bounces == false)
        #expect(decodeDeck(with: #""physics": {"deceleration": "normal"}"#)?.physics.deceleration == 0.998)
        #expect(decodeDeck(with: #""physics": {"deceleration": 0.95}"#)?.physics.deceleration == 0.95)
        #expect(decodeDeck(with: #""physics": {"snap": {"response": 0.2}}"#)?.physics.snap
            == Physics.Spring(response: 0.2, dampingRatio: 1))
        #expect(decodeDeck(with: #""physics": {"model": "android"}"#)?.physics.model == .android)
        #expect(decodeDeck(with: #""physics": {"model": "icarousel", "paging": false}"#)?.physics.paging == false)
    }

    @Test func decodesWrap() {
        #expect(decodeDeck(with: #""layout": {"wrap": true}"#)?.layout.wrap == true)
        #expect(decodeDeck(with: #""layout": {}"#)?.layout.wrap == false)
        #expect(issues(with: #""layout": {"wrap": 1}"#) == ["layout.wrap: expected true or false, got a number"])
    }

    @Test(arguments: [
        (#"{"deceleration": 1}"#, "physics.deceleration: must be > 0 and < 1"),
        (#"{"deceleration": 0}"#, "physics.deceleration: must be > 0 and < 1"),
        (#"{"deceleration": "slow"}"#, #"physics.deceleration: unknown deceleration "slow" (use normal or fast)"#),
        (#"{"deceleration": "fats"}"#, #"physics.deceleration: unknown deceleration "fats" (did you mean "fast"?)"#),
        (#"{"deceleration": true}"#, #"physics.deceleration: expected "normal", "fast" or a number, got a boolean"#),
        (#"{"rubberBand": 0}"#, "physics.rubberBand: must be > 0 and <= 1"),
        (#"{"rubberBand": 1.5}"#, "physics.rubberBand: must be > 0 and <= 1"),
        (#"{"snap": {"response": 0}}"#, "physics.snap.response: must be > 0"),
        (#"{"snap": {"dampingRatio": -1}}"#, "physics.snap.dampingRatio: must be > 0"),
        (#"{"flingVelocity": -1}"#, "physics.flingVelocity: must be >= 0"),
        (#"{"paging": "yes"}"#, "physics.paging: expected true or false, got a string"),
        (#"{"bounce": true}"#, #"physics.bounce: unknown key (did you mean "bounces"?)"#),
        (#"{"model": "flutter"}"#, #"physics.model: unknown motion model "flutter" (use uikit, icarousel, android or swiper)"#),
        (#"{"model": "swiper", "snap": {"response": 0.2}}"#,
         "physics.snap: applies to the `uikit` model only; `swiper` moves with its library's own constants"),
        (#"{"model": "icarousel", "flingVelocity": 50}"#,
         "physics.flingVelocity: applies to the `uikit` model only; `icarousel` moves with its library's own constants"),
        (#"{"model": "android", "paging": false}"#,
         "physics.paging: `android` always pages (ViewPager, Swiper without free mode); free scrolling is `uikit`'s or `icarousel`'s"),
    ])
    func rejectsBadPhysics(physics: String, message: String) {
        #expect(issues(with: #""physics": "# + physics) == [message])
    }
}
