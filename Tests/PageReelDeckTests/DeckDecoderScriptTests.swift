import PageReelDeck
import Testing

@Suite struct DeckDecoderScriptTests {
    /// The issues of a seven-page deck with three tabs and `steps` as its script.
    private func scriptIssues(_ steps: String, tabs: Bool = true) -> [String] {
        let tabsMember = tabs ? #""tabs": {"titles": ["a", "b", "c", "d", "e", "f", "g"]}, "# : ""
        return issues(#"{"pages": {"count": 7, "template": {}}, "# + tabsMember + #""script": ["# + steps + "]}")
    }

    private func script(_ steps: String) -> [Step]? {
        decodeDeck(#"{"pages": {"count": 7, "template": {}}, "tabs": {"titles": ["a", "b", "c", "d", "e", "f", "g"]}, "#
            + #""script": ["# + steps + "]}")?.script
    }

    @Test func decodesEveryAction() {
        let steps = script("""
            {"wait": 1, "at": 2.5},
            {"drag": {"by": -0.5, "duration": 0.4, "curve": "easeOut", "velocity": -900, "release": false}},
            {"swipe": "prev"},
            {"fling": {"velocity": 1200}},
            {"jump": {"to": 6, "through": false, "step": 0.2, "duration": 0.5}},
            {"tap": {"tab": 6}},
            {"hint": {}},
            {"hint": {"distance": -40, "duration": 0.25}}
            """)
        #expect(steps == [
            Step(.wait(1), at: 2.5),
            Step(.drag(Step.Drag(by: -0.5, duration: 0.4, curve: .easeOut, velocity: -900, release: false))),
            Step(.swipe(.prev)),
            Step(.fling(velocity: 1200)),
            Step(.jump(Step.Jump(to: 6, through: false, step: 0.2, duration: 0.5))),
            Step(.tap(tab: 6)),
            Step(.hint(Step.Hint())),
            Step(.hint(Step.Hint(distance: -40, duration: 0.25))),
        ])
    }

    @Test func fillsStepDefaults() {
        #expect(script(#"{"drag": {"by": 1, "duration": 1}}, {"jump": {"to": 3}}"#) == [
            Step(.drag(Step.Drag(by: 1, duration: 1, curve: .linear, velocity: nil, release: true))),
            // Not given, a jump's lengths are the motion model's.
            Step(.jump(Step.Jump(to: 3, through: true, step: nil, duration: nil))),
        ])
    }

    @Test(arguments: [
        ("{}", "script[0]: needs one action: wait, drag, swipe, fling, jump, tap, hint, transition, pose or camera"),
        (#"{"at": 1}"#, "script[0]: needs one action: wait, drag, swipe, fling, jump, tap, hint, transition, pose or camera"),
        (#"{"swipe": "next", "drag": {"by": 1, "duration": 1}}"#, "script[0]: has 2 actions (drag, swipe); use one per step"),
        (#"{"wiat": 1}"#, #"script[0].wiat: unknown key (did you mean "wait"?)"#),
        ("3", "script[0]: expected an object, got a number"),
        (#"{"wait": 1, "at": -1}"#, "script[0].at: must be >= 0"),
        (#"{"wait": -1}"#, "script[0].wait: must be >= 0"),
        (#"{"drag": {"by": 1500, "duration": 1}}"#, "script[0].drag.by: 1500 is over the limit of 1000 pages"),
        (#"{"drag": {"by": -1500, "duration": 1}}"#, "script[0].drag.by: -1500 is below the minimum of -1000 pages"),
        (#"{"drag": {"by": 1, "duration": 1, "curve": "ease"}}"#, #"script[0].drag.curve: unknown curve "ease" (did you mean "easeIn"?)"#),
        (#"{"drag": {"by": 1, "duration": 1, "release": 0}}"#, "script[0].drag.release: expected true or false, got a number"),
        (#"{"swipe": "nxt"}"#, #"script[0].swipe: unknown swipe direction "nxt" (did you mean "next"?)"#),
        (#"{"swipe": {"to": "next"}}"#, "script[0].swipe: expected a string, got an object"),
        (#"{"fling": {}}"#, "script[0].fling.velocity: required"),
        (#"{"fling": {"velocity": "fast"}}"#, "script[0].fling.velocity: expected a number, got a string"),
        (#"{"jump": {"to": 7}}"#, "script[0].jump.to: page 7 is past the last page (6)"),
        (#"{"jump": {"to": -1}}"#, "script[0].jump.to: must be >= 0"),
        (#"{"jump": {"to": 1.5}}"#, "script[0].jump.to: expected an integer, got 1.5"),
        (#"{"jump": {"to": 1, "step": 0}}"#, "script[0].jump.step: must be > 0"),
        (#"{"jump": {"to": 1, "duration": -0.1}}"#, "script[0].jump.duration: must be > 0"),
        (#"{"jump": {}}"#, "script[0].jump.to: required"),
        (#"{"tap": {"tab": 7}}"#, "script[0].tap.tab: tab 7 is past the last tab (6)"),
        (#"{"tap": {}}"#, "script[0].tap.tab: required"),
        (#"{"hint": {"distance": 0}}"#, "script[0].hint.distance: must not be 0"),
        (#"{"hint": {"duration": -1}}"#, "script[0].hint.duration: must be > 0"),
        (#"{"hint": {"by": 3}}"#, "script[0].hint.by: unknown key"),
    ])
    func rejectsBadSteps(step: String, message: String) {
        #expect(scriptIssues(step) == [message])
    }

    @Test func reportsTheBriefsExamplesAtTheirIndex() {
        let steps = """
            {"wait": 0.2},
            {"drag": {"by": 0.5, "duration": -1}},
            {"tap": {"tab": 1}},
            {"jump": {"to": 7}}
            """
        #expect(scriptIssues(steps, tabs: false) == [
            "script[1].drag.duration: must be > 0",
            #"script[2].tap: needs "tabs""#,
            "script[3].jump.to: page 7 is past the last page (6)",
        ])
    }

    @Test func requiresDragDistanceAndDuration() {
        #expect(scriptIssues(#"{"drag": {}}"#) == ["script[0].drag.by: required", "script[0].drag.duration: required"])
    }

    @Test func checksJumpsAgainstATemplatesCount() {
        #expect(issues(#"{"pages": {"count": 1000000, "template": {}}, "script": [{"jump": {"to": 999999}}]}"#).isEmpty)
        #expect(issues(#"{"pages": {"count": 1000000, "template": {}}, "script": [{"jump": {"to": 1000000}}]}"#)
            == ["script[0].jump.to: page 1000000 is past the last page (999999)"])
    }

    @Test func rejectsAScriptThatIsNotAnArray() {
        #expect(issues(with: #""script": {"wait": 1}"#) == ["script: expected an array of steps, got an object"])
    }
}
