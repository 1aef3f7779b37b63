import PageReelJSON
import Testing

/// The reader on JSON that is no deck: paths, every issue at once in document order, typed reads.
@Suite struct JSONReaderTests {
    func reader(_ text: String) throws -> JSONReader {
        JSONReader(try JSONParser.parse(Array(text.utf8)))
    }

    @Test func issuesComeInDocumentOrderWithTheirPaths() throws {
        var r = try reader(#"{"a": "x", "list": [1, "two", 3.5], "b": true}"#)
        // Visited out of order: b, then list, then a.
        _ = r.member("b") { $0.readInt() }
        let numbers = r.member("list") { $0.elements { item, _ in item.readInt() } }
        _ = r.member("a") { $0.readNumber() }
        #expect(numbers == [1])
        #expect(r.issues == [
            JSONIssue(path: "a", message: "expected a number, got a string"),
            JSONIssue(path: "list[1]", message: "expected an integer, got a string"),
            JSONIssue(path: "list[2]", message: "expected an integer, got 3.5"),
            JSONIssue(path: "b", message: "expected an integer, got a boolean"),
        ])
    }

    @Test func oddKeysAreQuotedInPaths() {
        #expect(JSONReader.path("", key: "canvas") == "canvas")
        #expect(JSONReader.path("pages[0]", key: "image") == "pages[0].image")
        #expect(JSONReader.path("pages[0]", key: "my key") == #"pages[0]["my key"]"#)
        #expect(JSONReader.path("", key: "") == #"[""]"#)
    }

    @Test func unknownKeysAreReportedWithASuggestion() throws {
        var r = try reader(#"{"widht": 3, "height": 4, "zzz": 1}"#)
        let isObject = r.expectObject(keys: ["width", "height"])
        #expect(isObject)
        #expect(r.issues == [
            JSONIssue(path: "widht", message: #"unknown key (did you mean "width"?)"#),
            JSONIssue(path: "zzz", message: "unknown key"),
        ])
    }

    @Test func integersBoundsAndChoices() throws {
        enum Fit: String, CaseIterable { case fill, fit }
        var r = try reader(#"{"n": 30.0, "m": 8000, "f": 0.5, "fit": "fil", "name": ""}"#)
        let n = r.int("n"), m = r.int("m", in: 16...7680)
        let f = r.number("f", .fraction), g = r.number("f", .limit(1...2, unit: " s"))
        #expect(n == 30 && m == nil && f == 0.5 && g == nil)
        let fit: Fit? = r.choice("fit", "fit")
        #expect(fit == nil)
        let name = r.string("name", nonEmpty: true)
        #expect(name == nil)
        let hasMissing = r.require("missing")
        #expect(!hasMissing)
        // A missing key is reported where its object starts, before everything inside it.
        #expect(r.issues.map(\.description) == [
            "missing: required",
            "m: 8000 is over the limit of 7680",
            "f: 0.5 is below the minimum of 1 s",
            #"fit: unknown fit "fil" (did you mean "fill"?)"#,
            "name: must not be empty",
        ])
    }
}
