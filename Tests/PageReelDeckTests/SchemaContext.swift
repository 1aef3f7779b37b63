@testable import PageReelDeck
import PageReelJSON

/// Where an object of the deck schema sits in a deck, so that a test can try a value for any of
/// its properties in a deck that is otherwise valid, and ask both the schema and the decoder.
struct SchemaContext: CustomStringConvertible {
    /// The `$defs` entry, or "" for the deck itself.
    var definition: String
    /// A valid deck with `@` where the object goes.
    var deck: String
    /// Members the object needs to be valid (JSON text by key), kept unless a tried key replaces them.
    var base: [(key: String, json: String)] = []
    /// Keys of which an object holds only one (a step's actions, a layer's image or text): trying
    /// one of them drops the others from `base`.
    var exclusive: Set<String> = []

    var description: String { definition.isEmpty ? "the deck" : definition }

    /// The deck with the object made of `base` and `tried` (which win over `base`), minus `removed`.
    func deck(trying tried: [(key: String, json: String)], removing removed: Set<String> = []) -> String {
        let triedKeys = Set(tried.map(\.key))
        let dropsExclusive = !triedKeys.isDisjoint(with: exclusive)
        let kept = base.filter {
            !triedKeys.contains($0.key) && !removed.contains($0.key) && !(dropsExclusive && exclusive.contains($0.key))
        }
        let members = (kept + tried).map { "\(jsonText(.string($0.key))): \($0.json)" }
        let object = "{" + members.joined(separator: ", ") + "}"
        return deck.replacingOccurrences(of: "@", with: object)
    }

    func deck(trying key: String, _ json: String) -> String { deck(trying: [(key, json)]) }

    /// Every object of the schema, placed.
    static let all: [SchemaContext] = {
        let onePage = #"{"pages": [{}], "#
        let script = #"{"pages": [{}, {}], "tabs": {"titles": ["A", "B"]}, "device": "phone", "script": [@]}"#
        let actions: Set = ["wait", "drag", "swipe", "fling", "jump", "tap", "hint", "transition", "pose", "camera"]
        return [
            SchemaContext(definition: "", deck: "@", base: [("pages", "[{}]")]),
            SchemaContext(definition: "canvas", deck: onePage + #""canvas": @}"#),
            SchemaContext(definition: "viewport", deck: onePage + #""viewport": @}"#,
                          base: [("width", "100"), ("height", "100")]),
            SchemaContext(definition: "customTransition", deck: onePage + #""transition": @}"#),
            SchemaContext(definition: "layout", deck: onePage + #""layout": @}"#),
            SchemaContext(definition: "creativeState", deck: onePage + #""transition": {"name": "swiper.creative", "prev": @}}"#),
            SchemaContext(definition: "fold", deck: onePage + #""fold": @}"#),
            SchemaContext(definition: "pageStyle", deck: onePage + #""page": @}"#),
            SchemaContext(definition: "shadow", deck: onePage + #""page": {"shadow": @}}"#),
            SchemaContext(definition: "pageTemplate", deck: #"{"pages": @}"#,
                          base: [("count", "3"), ("template", "{}")]),
            SchemaContext(definition: "page", deck: #"{"pages": [@]}"#),
            SchemaContext(definition: "gradient", deck: #"{"pages": [{"background": @}]}"#,
                          base: [("from", ##""#000""##), ("to", ##""#FFF""##)]),
            SchemaContext(definition: "layer", deck: #"{"pages": [{"layers": [@]}]}"#,
                          base: [("text", #""Hi""#)], exclusive: ["image", "video", "text"]),
            SchemaContext(definition: "video", deck: #"{"pages": [{"video": @}]}"#, base: [("file", #""a.mp4""#)]),
            SchemaContext(definition: "audio", deck: onePage + #""audio": @}"#),
            SchemaContext(definition: "music", deck: onePage + #""audio": {"music": @}}"#, base: [("file", #""a.mp3""#)]),
            SchemaContext(definition: "touchSounds", deck: onePage + #""audio": {"touches": @}}"#),
            SchemaContext(definition: "parallax", deck: #"{"pages": [{"layers": [{"text": "Hi", "parallax": @}]}]}"#),
            SchemaContext(definition: "tabs", deck: onePage + #""tabs": @}"#, base: [("titles", #"["A"]"#)]),
            SchemaContext(definition: "selector", deck: onePage + #""tabs": {"titles": ["A"], "selector": @}}"#),
            SchemaContext(definition: "indicator", deck: onePage + #""indicator": @}"#),
            SchemaContext(definition: "physics", deck: onePage + #""physics": @}"#),
            SchemaContext(definition: "spring", deck: onePage + #""physics": {"snap": @}}"#),
            SchemaContext(definition: "step", deck: script, base: [("wait", "1")], exclusive: actions),
            SchemaContext(definition: "drag", deck: script.replacingOccurrences(of: "[@]", with: #"[{"drag": @}]"#),
                          base: [("by", "0.5"), ("duration", "0.3")]),
            SchemaContext(definition: "fling", deck: script.replacingOccurrences(of: "[@]", with: #"[{"fling": @}]"#),
                          base: [("velocity", "500")]),
            SchemaContext(definition: "jump", deck: script.replacingOccurrences(of: "[@]", with: #"[{"jump": @}]"#),
                          base: [("to", "1")]),
            SchemaContext(definition: "tap", deck: script.replacingOccurrences(of: "[@]", with: #"[{"tap": @}]"#),
                          base: [("tab", "1")]),
            SchemaContext(definition: "hint", deck: script.replacingOccurrences(of: "[@]", with: #"[{"hint": @}]"#)),
            SchemaContext(definition: "poseStep", deck: script.replacingOccurrences(of: "[@]", with: #"[{"pose": @}]"#)),
            SchemaContext(definition: "camera", deck: script.replacingOccurrences(of: "[@]", with: #"[{"camera": @}]"#),
                          base: [("zoom", "2")]),
            SchemaContext(definition: "backdropImage", deck: #"{"pages": [{}], "canvas": {"background": @}}"#,
                          base: [("image", #""bg.png""#)]),
            SchemaContext(definition: "device", deck: onePage + #""device": @}"#, base: [("model", #""phone""#)]),
            SchemaContext(definition: "statusBar", deck: onePage + #""device": {"model": "phone", "statusBar": @}}"#),
            SchemaContext(definition: "pose", deck: onePage + #""device": {"model": "phone", "pose": @}}"#),
            SchemaContext(definition: "captions", deck: onePage + #""captions": @}"#),
        ] + TransitionCatalogue.entries.map { entry in
            // Each library transition's own object, named.
            SchemaContext(definition: "transition." + entry.name, deck: onePage + #""transition": @}"#,
                          base: [("name", "\"\(entry.name)\"")])
        }
    }()
}

/// `value` as compact JSON text.
func jsonText(_ value: JSONValue) -> String {
    switch value.content {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let n): return JSONNumber.format(n.value)
    case .string(let s):
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    case .array(let items): return "[" + items.map(jsonText).joined(separator: ", ") + "]"
    case .object(let members):
        return "{" + members.map { jsonText(.string($0.key)) + ": " + jsonText($0.value) }.joined(separator: ", ") + "}"
    }
}

extension JSONValue {
    /// A value with no position, for building JSON text.
    static func string(_ s: String) -> JSONValue { JSONValue(.string(s), at: SourcePosition(line: 0, column: 0)) }
}
