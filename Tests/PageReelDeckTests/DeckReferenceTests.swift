import Foundation
import PageReelDeck
import PageReelTestSupport
import Testing

/// docs/deck-format.md shows exactly the tables the declaration makes, and the JSON Schema made
/// from it passes an independent validator (python3-jsonschema, draft 2020-12).
@Suite struct DeckReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every object's table is in the reference, as the declaration prints it: the docs cannot drift.
    @Test func referenceTablesAreTheDeclarations() throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/deck-format.md"), encoding: .utf8)
        for spec in DeckFormat.objects {
            let block = DeckReference.block(spec)
            #expect(docs.contains(block), "docs/deck-format.md's table of \(spec.name) differs from the declaration; run Scripts/make-docs")
        }
        // No table for an object the format does not have.
        let names = docs.components(separatedBy: "<!-- keys: ").dropFirst().map { $0.prefix { $0 != " " } }
        #expect(names.map(String.init).sorted() == DeckFormat.objects.map(\.name).sorted())
    }

    @Test func tableRowsFollowTheDeclaration() {
        let canvas = DeckReference.table(try! #require(DeckFormat.object("canvas")))
        #expect(canvas.contains("| `width` | integer 16 … 7680 | `1280` | Width in pixels. |"))
        let viewport = DeckReference.table(try! #require(DeckFormat.object("viewport")))
        #expect(viewport.contains("| `width` | number > 0, **required** |  |"))
        #expect(viewport.contains("| `x` | number | centred |"))
        // A pipe in a summary does not end the cell.
        let parallax = DeckReference.table(try! #require(DeckFormat.object("parallax")))
        #expect(parallax.contains("y · \\|p\\|"))
    }

    /// python3-jsonschema, run on a script in a scratch folder.
    static func jsonschema(_ script: String, _ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagereel-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try Data(script.utf8).write(to: folder.appendingPathComponent("check.py"))
        let out = try Command.run("/usr/bin/python3", ["check.py"], in: folder.path)
        guard out.status == 0 else { throw Command.Failure(description: "python3 check.py: \(out.stderr)") }
        return out.text
    }

    @Test func schemaIsValidDraft202012AndJudgesTheSamples() throws {
        let samples = Self.root.appendingPathComponent("Samples")
        var files = ["schema.json": DeckSchema.json]
        var expected: [String: Bool] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
            let deck = samples.appendingPathComponent(name).appendingPathComponent("deck.json")
            guard let text = try? String(contentsOf: deck, encoding: .utf8) else { continue }
            files["valid-\(name).json"] = text
            expected["valid-\(name).json"] = true
        }
        // Invalid decks the schema can judge on its own.
        for (k, deck) in [#"{"pages": []}"#, #"{"pages": [{"titel": "x"}]}"#, #"{"pages": [{}], "canvas": {"fps": 0}}"#,
                          #"{"pages": [{"layers": [{"image": "a.png", "size": 3}]}]}"#,
                          #"{"pages": [{}], "script": [{"wait": 1, "swipe": "next"}]}"#,
                          #"{"pages": [{}], "script": [{"hint": {"distance": 0}}]}"#].enumerated() {
            files["invalid-\(k).json"] = deck
            expected["invalid-\(k).json"] = false
        }
        #expect(expected.values.filter { $0 }.count >= 7)
        let out = try Self.jsonschema("""
            import glob, json
            from jsonschema import Draft202012Validator
            schema = json.load(open("schema.json"))
            Draft202012Validator.check_schema(schema)
            validator = Draft202012Validator(schema)
            for name in sorted(glob.glob("*valid-*.json")):
                errors = list(validator.iter_errors(json.load(open(name))))
                print(name, "valid" if not errors else "invalid")
            """, files)
        var verdicts: [String: Bool] = [:]
        for line in out.split(separator: "\n") {
            let parts = line.split(separator: " ")
            verdicts[String(parts[0])] = parts[1] == "valid"
        }
        #expect(verdicts == expected)
    }
}
