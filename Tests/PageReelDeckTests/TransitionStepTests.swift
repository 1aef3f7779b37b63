import Foundation
import PageReelDeck
import Testing

@Suite struct TransitionStepTests {
    @Test func decodesTransitionSteps() throws {
        let json = """
        { "pages": [ {}, {} ], "script": [ { "transition": "cube" },
          { "transition": { "angleRatio": 0.5, "rotation": [0, 1, 0] }, "at": 1.5 } ] }
        """
        let deck = try DeckDecoder.decode(Data(json.utf8), file: "d.json")
        #expect(deck.script == [
            Step(.transition(.named(.cube))),
            Step(.transition(.custom(CustomTransition(angleRatio: 0.5, rotation: (0, 1, 0)))), at: 1.5),
        ])
    }

    @Test func misspeltTransitionStep() {
        let json = #"{ "pages": [ {} ], "script": [ { "transition": "cubee" } ] }"#
        #expect(throws: DeckError.self) { try DeckDecoder.decode(Data(json.utf8), file: "d.json") }
        do {
            _ = try DeckDecoder.decode(Data(json.utf8), file: "d.json")
        } catch {
            #expect(error.issues.map(\.path) == ["script[0].transition"])
            #expect(error.issues.first?.message.contains("did you mean \"cube\"") == true)
        }
    }
}
