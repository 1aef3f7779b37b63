import Foundation
import PageReel
import PageReelTestSupport

/// Random decks made from the format's own declaration (`DeckFormat`): every object, key and kind
/// of value it declares, with numbers at and near their limits as often as in between.
///
/// Each deck is JSON an author could write. Many break a rule that spans several values (a jump to
/// a page that does not exist, a script over 600 s) and are refused by `validate`; the rest must
/// render. A few values are steered so that enough decks pass: page counts stay small, tab titles
/// usually match the pages, jumps and taps usually land, clips usually start within their file, files
/// are the one image and the one recording in the folder.
struct RandomDeck {
    var random: SplitMix64
    /// The image file the deck's images name (written beside it by the test).
    static let image = "shot.png"
    /// The recording the deck's videos name (written beside it by the test), 1 s long.
    static let video = "clip.mp4"
    private var pageCount = 1

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    /// One deck as a JSON object.
    mutating func deck() -> [String: Any] {
        pageCount = Int.random(in: 1...4, using: &random)
        var deck = object(DeckFormat.object("deck")!)
        deck["pages"] = chance(0.8)
            ? (0..<pageCount).map { _ in object(DeckFormat.object("page")!) }
            : ["count": chance(0.5) ? pageCount : [1, 999_999, 1_000_000][Int.random(in: 0...2, using: &random)],
               "template": object(DeckFormat.object("page")!)] as [String: Any]
        if let pages = deck["pages"] as? [String: Any], let count = pages["count"] as? Int { pageCount = count }
        if var tabs = deck["tabs"] as? [String: Any], chance(0.9) {
            tabs["titles"] = (0..<min(pageCount, 6)).map { "Tab \($0)" }
            deck["tabs"] = tabs
        }
        if var viewport = deck["viewport"] as? [String: Any], chance(0.9) {
            let canvas = deck["canvas"] as? [String: Any] ?? [:]
            let width = Double(canvas["width"] as? Int ?? 1280), height = Double(canvas["height"] as? Int ?? 720)
            viewport["width"] = min(viewport["width"] as? Double ?? 1, width)
            viewport["height"] = min(viewport["height"] as? Double ?? 1, height)
            deck["viewport"] = viewport
        }
        let hasTabs = deck["tabs"] != nil
        deck["script"] = (0..<Int.random(in: 0...4, using: &random)).map { _ in
            var step = step()
            if step["tap"] != nil, !hasTabs, chance(0.9) {
                step["tap"] = nil
                step["swipe"] = "next"
            }
            return step
        }
        return deck
    }

    /// A step whose numbers are steered toward a short, valid script.
    mutating func step() -> [String: Any] {
        var step = object(DeckFormat.object("step")!)
        if step["jump"] != nil, chance(0.9) { step["jump"] = ["to": Int.random(in: 0..<min(pageCount, 6), using: &random)] }
        if step["tap"] != nil, chance(0.9) { step["tap"] = ["tab": Int.random(in: 0..<min(pageCount, 6), using: &random)] }
        if let wait = step["wait"] as? Double, wait > 5 { step["wait"] = chance(0.9) ? 0.3 : wait }
        if var drag = step["drag"] as? [String: Any], let duration = drag["duration"] as? Double, duration > 5 {
            drag["duration"] = 0.4
            step["drag"] = drag
        }
        if let at = step["at"] as? Double, at > 5 { step["at"] = chance(0.8) ? nil : at }
        return step
    }

    /// An object of `spec`: required keys always, each other key half the time, one alternative.
    mutating func object(_ spec: ObjectSpec) -> [String: Any] {
        var keys = spec.keys.filter { $0.isRequired || chance(0.5) }
        if !spec.alternatives.isEmpty {
            let chosen = spec.alternatives[Int.random(in: 0..<spec.alternatives.count, using: &random)]
            let others = Set(spec.alternatives.map(\.requires)).subtracting([chosen.requires])
            keys.removeAll { others.contains($0.name) || chosen.forbids.contains($0.name) }
            if !keys.contains(where: { $0.name == chosen.requires }), let key = spec[chosen.requires] { keys.append(key) }
        }
        var object: [String: Any] = [:]
        for key in keys where !["pages", "script", "fonts", "pagereel"].contains(key.name) {
            object[key.name] = value(key.type, key: key.name)
        }
        return object
    }

    mutating func value(_ type: ValueType, key: String) -> Any {
        if key == "start" || key == "end", chance(0.8) { return Double.random(in: 0.01...0.9, using: &random) }
        // Mostly real locale codes (a right-to-left one among them), at times a wrong one.
        if key == "locales", chance(0.9) { return [["en"], ["ar", "en"], ["ja", "he"]][Int.random(in: 0...2, using: &random)] }
        switch type {
        case .number(let bounds): return number(bounds, integer: false)
        case .integer(let bounds): return Int(number(bounds, integer: true))
        case .string(let nonEmpty), .text(let nonEmpty):
            switch key {
            case "image": return Self.image
            case "video", "file": return Self.video
            case "font": return ["DejaVu Sans", "Noto Sans, sans-serif", "DejaVu Serif"][Int.random(in: 0...2, using: &random)]
            default:
                let texts = ["Hi", "مرحبا بالعالم 123", "日本語のテキスト", "🎉 done", "a very long title that wraps many times over",
                             "x\ny", "{i} of {n}", nonEmpty ? "t" : ""]
                return texts[Int.random(in: 0..<texts.count, using: &random)]
            }
        case .boolean: return chance(0.5)
        case .color:
            return "#" + (0..<4).map { _ in String(format: "%02X", Int.random(in: 0...255, using: &random)) }.joined()
        case .choice(let values): return values[Int.random(in: 0..<values.count, using: &random)]
        case .constant(let value): return value
        case .numbers(let names): return names.map { _ in number(.init(), integer: false) }
        case .array(let element, let minItems, _):
            return (0..<(minItems + Int.random(in: 0...2, using: &random))).map { _ in value(element, key: key) }
        case .object(let name): return object(DeckFormat.object(name)!)
        case .oneOf(let types): return value(types[Int.random(in: 0..<types.count, using: &random)], key: key)
        }
    }

    /// A number within `bounds`: a limit, just inside one, 0 or 1, or anything between.
    mutating func number(_ bounds: NumberBounds, integer: Bool) -> Double {
        let step = integer ? 1 : 1e-6
        let low = bounds.lower.map { bounds.lowerInclusive ? $0 : $0 + step } ?? -1e6
        let high = bounds.upper.map { bounds.upperInclusive ? $0 : $0 - step } ?? 1e6
        var candidates = [low, high, min(max(0, low), high), min(max(1, low), high), Double.random(in: low...high, using: &random)]
        if bounds.lower == nil { candidates.append(-1e9) }
        if bounds.upper == nil { candidates.append(1e9) }
        var x = candidates[Int.random(in: 0..<candidates.count, using: &random)]
        if integer { x = x.rounded(.down) < low ? x.rounded(.up) : x.rounded(.down) }
        if bounds.nonZero, x == 0 { x = 1 }
        return x
    }
}
