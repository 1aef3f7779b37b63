import Foundation
@testable import PageReelDeck
import PageReelJSON
import Testing

/// `DeckSchema.json` judged as a schema, against real decks, and against `DeckDecoder`: the same
/// verdict on decks either of them can judge.
@Suite struct DeckSchemaTests {
    let validator: SchemaValidator

    init() throws {
        validator = try SchemaValidator(DeckSchema.json)
    }

    /// The object schema of a `$defs` entry, or the deck's for "".
    func object(_ definition: String) -> JSONValue {
        definition.isEmpty ? validator.root : validator.root["$defs"]![definition]!
    }

    func properties(_ definition: String) -> [JSONMember] {
        object(definition)["properties"]?.members ?? []
    }

    // MARK: (a) A well-formed schema

    @Test func schemaIsWellFormedDraft202012() throws {
        let root = validator.root
        #expect(root["$schema"]?.string == "https://json-schema.org/draft/2020-12/schema")
        #expect(root["$id"]?.string == "https://pagereel.dev/schema/deck-1.json")
        #expect(root["title"]?.string?.isEmpty == false)
        #expect(root["description"]?.string?.isEmpty == false)
        #expect(validator.problems() == [])
    }

    @Test func lintAndValidatorRefuseKeywordsTheyDoNotKnow() throws {
        let schema = try SchemaValidator(#"{"type": "object", "properties": {"a": {"description": "x", "format": "date"}}, "additionalProperties": false}"#)
        #expect(schema.problems() == ["#/properties/a: unknown keyword format"])
        #expect(schema.errors(of: #"{"a": "2024-01-01"}"#) == ["a: unknown keyword format"])
    }

    @Test func lintEnforcesTheHouseRules() throws {
        let schema = try SchemaValidator(#"""
            {"type": "object", "properties": {"a": {"type": "integer", "default": 1.5}}, "required": ["b"],
             "$defs": {"unused": {"type": "string"}}}
            """#)
        #expect(Set(schema.problems()) == [
            "#: an object schema has additionalProperties: false",
            "#/properties/a: the default is not valid: [\"default: expected integer, got a number\"]",
            "#: property a has no description",
            "#: required b is not a property",
            "#/$defs/unused: never referenced",
        ])
    }

    @Test func validatorAppliesEachKeyword() throws {
        let v = try SchemaValidator(#"""
            {"$defs": {"n": {"type": "number", "exclusiveMinimum": 0, "maximum": 1}},
             "type": "object", "additionalProperties": false, "required": ["k"],
             "properties": {
               "k": {"oneOf": [{"$ref": "#/$defs/n"}, {"type": "integer"}]},
               "c": {"pattern": "^#[0-9]{2}$", "minLength": 3},
               "e": {"enum": ["a", {"x": [1]}]},
               "t": {"items": {"const": 2}, "prefixItems": [{"type": "string"}], "minItems": 2, "maxItems": 3},
               "x": {"not": {"const": 0}, "anyOf": [{"type": "number"}, {"type": "null"}]}}}
            """#)
        #expect(v.errors(of: ##"{"k": 0.5, "c": "#12", "e": {"x": [1.0]}, "t": ["s", 2], "x": null}"##) == [])
        #expect(v.errors(of: #"{"k": 1}"#) == ["k: matches 2 of the oneOf shapes, not exactly 1"])
        #expect(v.errors(of: #"{"k": 1.5}"#) == ["k: matches 0 of the oneOf shapes, not exactly 1"])
        #expect(v.errors(of: ##"{"k": 2, "c": "#1x"}"##) == [##"c: "#1x" does not match ^#[0-9]{2}$"##])
        #expect(v.errors(of: ##"{"k": 2, "c": "#1"}"##).count == 2)
        #expect(v.errors(of: #"{"k": 2, "e": "b"}"#) == ["e: not one of the allowed values"])
        #expect(v.errors(of: #"{"k": 2, "t": [2, 3, 2, 2]}"#).count == 3)
        #expect(v.errors(of: #"{"k": 2, "x": 0}"#) == ["x: matches a shape that is not allowed"])
        #expect(v.errors(of: #"{"k": 2, "x": "s"}"#) == ["x: matches none of the anyOf shapes"])
        #expect(v.errors(of: #"{"k": 2, "y": 1}"#) == ["y: not allowed"])
        #expect(v.errors(of: #"{}"#) == [#""k" is required"#])
        #expect(v.errors(of: #"[]"#) == ["expected object, got an array"])
    }

    // MARK: (b) Real decks are valid

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everySampleDeckIsValid() throws {
        let samples = URL(fileURLWithPath: "Samples", relativeTo: Self.root)
        let decks = try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted()
            .map { samples.appendingPathComponent($0).appendingPathComponent("deck.json") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        #expect(!decks.isEmpty)
        for deck in decks {
            let text = try String(contentsOf: deck, encoding: .utf8)
            #expect(validator.errors(of: text) == [], "\(deck.path)")
            #expect(issues(text) == [], "\(deck.path)")
        }
    }

    /// Every complete deck shown in the format's documentation and the README.
    @Test(arguments: ["docs/deck-format.md", "README.md"])
    func documentedDecksAreValid(_ file: String) throws {
        let text = try String(contentsOf: URL(fileURLWithPath: file, relativeTo: Self.root), encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let decks = blocks.filter { (try? JSONParser.parse(Array($0.utf8)))?["pages"] != nil }
        #expect(!decks.isEmpty)
        for deck in decks {
            #expect(validator.errors(of: deck) == [], "\(deck)")
            #expect(issues(deck) == [], "\(deck)")
        }
    }

    // MARK: (c) In step with the decoder

    /// Every declared object is in the schema and placed by the agreement tests.
    @Test func everyDeclaredObjectIsInTheSchema() {
        let objects = (validator.root["$defs"]?.members ?? []).filter { $0.value["properties"] != nil }.map(\.key)
        #expect(Set(objects + ["deck"]) == Set(DeckFormat.objects.map(\.name)))
        #expect(Set(SchemaContext.all.map { $0.definition.isEmpty ? "deck" : $0.definition })
            == Set(DeckFormat.objects.map(\.name)))
    }

    @Test func decelerationNamesAreUIKitsRates() {
        #expect(decodeDeck(with: #""physics": {"deceleration": "normal"}"#)?.physics.deceleration == 0.998)
        #expect(decodeDeck(with: #""physics": {"deceleration": "fast"}"#)?.physics.deceleration == 0.99)
    }

    /// Properties that have no value meaning "not given", besides the required ones.
    static let withoutDefault: Set = [
        "viewport", "tabs", "indicator", "duration", "viewport.x", "viewport.y", "page.background", "page.image",
        "page.title", "page.subtitle", "page.video", "layer.image", "layer.video", "layer.text", "layer.width", "layer.height",
        "drag.velocity", "step.at", "step.wait", "step.drag", "step.swipe", "step.fling", "step.jump", "step.tap",
        "step.hint", "step.transition", "page.caption", "captions.maxWidth", "video.end", "video.fit",
        // Not given = chosen per page: the anchor by the picture, the status bar by what the page shows.
        "page.anchor", "page.statusBar", "statusBar.style", "device.statusBar",
        // The transition's own default, as its library has it.
        "creativeState.origin", "layout.pageWidth", "layout.pageHeight",
        // The motion model's: UIKit's, iCarousel's, ViewPager's or Swiper's.
        "jump.step", "jump.duration",
        // A turn keeps every value it does not name.
        "poseStep.rotateX", "poseStep.rotateY", "poseStep.rotateZ", "poseStep.perspective", "poseStep.scale",
        "poseStep.offset", "step.pose", "step.camera", "camera.focus",
        // No music unless given; the built-in click and no drag sound unless files are given.
        "audio.music", "touchSounds.tap", "touchSounds.drag",
        // One language unless given.
        "locales",
    ]

    @Test func everyOptionalPropertyHasADefault() {
        for context in SchemaContext.all {
            let required = Set((object(context.definition)["required"]?.elements ?? []).compactMap(\.string))
            // A catalogue option's default is its transition's (a table of them in the summary).
            for property in properties(context.definition) where property.value["default"] == nil
                && !context.definition.hasPrefix("transition.") {
                let name = context.definition.isEmpty ? property.key : "\(context.definition).\(property.key)"
                #expect(required.contains(property.key) || Self.withoutDefault.contains(name), "\(name)")
            }
        }
    }

    // MARK: (d) Invalid decks, rejected by both

    /// Decks the schema can judge, with the path of the decoder's issue.
    static let invalidDecks: [(deck: String, path: String)] = [
        // Wrong types
        (#"{"pages": [{}], "canvas": {"width": "wide"}}"#, "canvas.width"),
        (#"{"pages": [{}], "canvas": {"height": 720.5}}"#, "canvas.height"),
        (#"{"pages": [{}], "touches": "yes"}"#, "touches"),
        (#"{"pages": "all"}"#, "pages"),
        (#"{"pages": [{"title": 42}]}"#, "pages[0].title"),
        (#"{"pages": [{"layers": {}}]}"#, "pages[0].layers"),
        (#"{"pages": [{}], "script": {"wait": 1}}"#, "script"),
        (#"{"pages": [{}], "script": [{"wait": "1s"}]}"#, "script[0].wait"),
        (#"{"pages": [{}], "page": {"shadow": "soft"}}"#, "page.shadow"),
        (#"{"pages": [{}], "transition": 3}"#, "transition"),
        (#"{"pages": [{}], "audio": {"music": 3}}"#, "audio.music"),
        (#"{"pages": [{}], "audio": {"touches": "click"}}"#, "audio.touches"),
        (#"{"pages": [{}], "audio": {"music": {"file": "a.mp3", "volume": 1.5}}}"#, "audio.music.volume"),
        (#"{"pages": [{}], "audio": {"music": {"file": "a.mp3", "fadeIn": -1}}}"#, "audio.music.fadeIn"),
        (#"{"pages": [{}], "audio": {"music": {"start": 2}}}"#, "audio.music.file"),
        (#"{"pages": [{}], "audio": {"touches": {"volume": 2}}}"#, "audio.touches.volume"),
        (#"{"pages": [{"video": {"file": "a.mp4", "volume": -0.5}}]}"#, "pages[0].video.volume"),
        (#"{"pages": [{}], "audio": {"recordings": "no"}}"#, "audio.recordings"),
        (#"[{"pages": [{}]}]"#, ""),
        // Unknown keys
        (#"{"pages": [{}], "transtion": "cards"}"#, "transtion"),
        (#"{"pages": [{"titel": "Hello"}]}"#, "pages[0].titel"),
        (#"{"pages": [{}], "script": [{"swipe": "next", "dely": 0.2}]}"#, "script[0].dely"),
        (##"{"pages": [{"layers": [{"text": "a", "colour": "#FFF"}]}]}"##, "pages[0].layers[0].colour"),
        (#"{"pages": [{}], "physics": {"snap": {"stiffness": 100}}}"#, "physics.snap.stiffness"),
        (#"{"pages": [{}], "audio": {"musik": "a.mp3"}}"#, "audio.musik"),
        (#"{"pages": [{}], "audio": {"touches": {"click": "a.wav"}}}"#, "audio.touches.click"),
        (#"{"pages": [{}], "$schema": "deck.schema.json"}"#, "[\"$schema\"]"),
        // Bad colours
        (##"{"pages": [{}], "canvas": {"background": "#12345"}}"##, "canvas.background"),
        (#"{"pages": [{"background": "red"}]}"#, "pages[0].background"),
        (##"{"pages": [{"background": {"from": "#GG0000", "to": "#00F"}}]}"##, "pages[0].background.from"),
        (#"{"pages": [{"textColor": "FFFFFF"}]}"#, "pages[0].textColor"),
        (##"{"pages": [{}], "indicator": {"color": "#FFFF"}}"##, "indicator.color"),
        // Enum typos
        (#"{"pages": [{}], "transition": "card"}"#, "transition"),
        (#"{"pages": [{"image": "a.png", "fit": "cover"}]}"#, "pages[0].fit"),
        (#"{"pages": [{"layers": [{"text": "a", "weight": "semibold"}]}]}"#, "pages[0].layers[0].weight"),
        (#"{"pages": [{"layers": [{"text": "a", "align": "centre"}]}]}"#, "pages[0].layers[0].align"),
        (#"{"pages": [{}], "script": [{"swipe": "up"}]}"#, "script[0].swipe"),
        (#"{"pages": [{}], "script": [{"drag": {"by": 1, "duration": 1, "curve": "ease"}}]}"#, "script[0].drag.curve"),
        (#"{"pages": [{}], "indicator": "bars"}"#, "indicator"),
        (#"{"pages": [{}], "physics": {"deceleration": "slow"}}"#, "physics.deceleration"),
        // Out of range
        (#"{"pages": [{}], "canvas": {"width": 8000}}"#, "canvas.width"),
        (#"{"pages": [{}], "canvas": {"fps": 0}}"#, "canvas.fps"),
        (#"{"pages": {"count": 2000000, "template": {}}}"#, "pages.count"),
        (#"{"pages": [{}], "duration": 900}"#, "duration"),
        (#"{"pages": [{}], "duration": 0}"#, "duration"),
        (#"{"pages": [{}], "tail": -1}"#, "tail"),
        (#"{"pages": [{"layers": [{"image": "a.png", "opacity": 1.5}]}]}"#, "pages[0].layers[0].opacity"),
        (#"{"pages": [{"layers": [{"text": "a", "size": 1001}]}]}"#, "pages[0].layers[0].size"),
        (#"{"pages": [{}], "physics": {"rubberBand": 0}}"#, "physics.rubberBand"),
        (#"{"pages": [{}], "physics": {"deceleration": 1}}"#, "physics.deceleration"),
        (#"{"pages": [{}], "fold": {"folds": 33}}"#, "fold.folds"),
        (#"{"pages": [{}], "script": [{"drag": {"by": 1001, "duration": 1}}]}"#, "script[0].drag.by"),
        (#"{"pages": [{}], "script": [{"wait": 1, "at": -1}]}"#, "script[0].at"),
        (#"{"pages": [{}], "script": [{"hint": {"distance": 0}}]}"#, "script[0].hint.distance"),
        (#"{"pages": [{}], "pagereel": 2}"#, "pagereel"),
        // Shapes
        (#"{"pages": []}"#, "pages"),
        (#"{"canvas": {}}"#, "pages"),
        (#"{"pages": [{"image": ""}]}"#, "pages[0].image"),
        (#"{"pages": [{}], "tabs": {"titles": []}}"#, "tabs.titles"),
        (#"{"pages": [{}], "transition": {"translation": [0.25, 0, 0]}}"#, "transition.translation"),
        (#"{"pages": [{}], "script": [{"wait": 1, "swipe": "next"}]}"#, "script[0]"),
        (#"{"pages": [{}], "script": [{"at": 1}]}"#, "script[0]"),
        (#"{"pages": [{"layers": [{"image": "a.png", "text": "a"}]}]}"#, "pages[0].layers[0]"),
        (#"{"pages": [{"layers": [{"x": 10}]}]}"#, "pages[0].layers[0]"),
        (#"{"pages": [{"layers": [{"image": "a.png", "size": 20}]}]}"#, "pages[0].layers[0].size"),
        (##"{"pages": [{"background": {"from": "#000"}}]}"##, "pages[0].background.to"),
        (#"{"pages": [{}], "script": [{"drag": {"by": 1}}]}"#, "script[0].drag.duration"),
    ]

    @Test(arguments: invalidDecks)
    func invalidDeckIsRejectedByBoth(_ deck: String, path: String) {
        let schemaErrors = validator.errors(of: deck)
        let decoderIssues = issues(deck)
        #expect(!schemaErrors.isEmpty)
        #expect(!decoderIssues.isEmpty)
        #expect(path.isEmpty || decoderIssues.contains { $0.hasPrefix(path + ": ") }, "\(decoderIssues)")
        // The schema objects on the same branch of the tree (a `oneOf` reports where it forks).
        #expect(schemaErrors.contains { lies(errorPath($0), onPathTo: path) }, "\(schemaErrors)")
    }

    /// The path part of a validator error (`a.b: message` → `a.b`; a root error → "").
    func errorPath(_ error: String) -> String {
        guard let colon = error.range(of: ": ") else { return "" }
        let head = String(error[..<colon.lowerBound])
        return head.contains(" ") || head.hasPrefix("\"") ? "" : head
    }

    /// True if one of the paths leads to the other.
    func lies(_ a: String, onPathTo b: String) -> Bool {
        func starts(_ long: String, with short: String) -> Bool {
            short.isEmpty || long == short
                || (long.hasPrefix(short) && [".", "["].contains(long.dropFirst(short.count).first.map(String.init)))
        }
        return starts(a, with: b) || starts(b, with: a)
    }

    /// Every sample of bad input the schema can judge is rejected by it; the others break rules
    /// only pagereel checks (files, the script's timing, cross-field references) or are not JSON.
    @Test func invalidSamplesTheSchemaCanJudgeAreRejected() throws {
        let folder = URL(fileURLWithPath: "Samples/invalid", relativeTo: Self.root)
        let judged: Set = ["bad-colors.json", "not-an-object.json", "over-limits.json", "script-references.json",
                           "unknown-keys.json", "wrong-types.json", "bad-device.json", "motion-models.json", "bad-pose.json", "bad-camera.json"]
        let beyondSchema: Set = ["at-goes-back.json", "bad-text.json", "corrupt-image.json", "image-bomb.json", "image-is-a-folder.json",
                                 "missing-font.json", "missing-image.json", "not-an-image.json", "too-long.json",
                                 "missing-video.json", "not-a-video.json", "video-bomb.json", "video-times.json",
                                 "no-room-for-the-device.json", "outside-folders.json", "playlist-video.json",
                                 "bad-audio.json", "not-audio.json", "missing-audio.json", "bad-locales.json", "missing-translation.json",
                                 "pose-without-device.json"]
        var seen: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".json") && name != "expected.json" {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            guard let value = try? JSONParser.parse(bytes) else { continue }
            seen.insert(name)
            #expect(validator.errors(of: value).isEmpty == beyondSchema.contains(name), "\(name)")
        }
        #expect(seen == judged.union(beyondSchema))
    }
}
