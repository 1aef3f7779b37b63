import PageReelJSON
import Testing

/// Where a message's value is written: the line and column a JSON path leads to, counted here by
/// hand on the text (an editor's 1-based columns, in Unicode scalars).
@Suite struct JSONPositionTests {
    static let text = """
    {
      "canvas": {"fps": 30},
      "pages": [
        {"title": "é", "image": "a.png"},
        {"my key": 2}
      ]
    }
    """

    func root() throws -> JSONValue { try JSONParser.parse(Array(Self.text.utf8)) }

    @Test func aPathLeadsToTheValueItNames() throws {
        let root = try root()
        #expect(root.position(ofPath: "") == SourcePosition(line: 1, column: 1))
        #expect(root.position(ofPath: "canvas") == SourcePosition(line: 2, column: 13))
        #expect(root.position(ofPath: "canvas.fps") == SourcePosition(line: 2, column: 21))
        #expect(root.position(ofPath: "pages[0]") == SourcePosition(line: 4, column: 5))
        // After "é", one scalar, not two bytes.
        #expect(root.position(ofPath: "pages[0].image") == SourcePosition(line: 4, column: 29))
        #expect(root.position(ofPath: #"pages[1]["my key"]"#) == SourcePosition(line: 5, column: 16))
    }

    @Test func aPathPastTheTextStopsAtTheNearestValue() throws {
        let root = try root()
        #expect(root.position(ofPath: "canvas.width") == SourcePosition(line: 2, column: 13))
        #expect(root.position(ofPath: "pages[7].image") == SourcePosition(line: 3, column: 12))
        #expect(root.position(ofPath: "pages.template") == SourcePosition(line: 3, column: 12))
    }

    @Test func theOutlineKnowsTwoLevelsAndTheNearestAboveThem() throws {
        let outline = try root().outline
        #expect(outline.position(ofPath: "canvas.fps") == SourcePosition(line: 2, column: 21))
        #expect(outline.position(ofPath: "pages[0].image") == SourcePosition(line: 3, column: 12))
        #expect(outline.position(ofPath: "device") == SourcePosition(line: 1, column: 1))
    }

    @Test func theReaderKeepsWhereEachIssueIs() throws {
        var r = JSONReader(try root())
        _ = r.member("canvas") { c in c.expectObject(keys: ["width"]) }
        _ = r.member("pages") { $0.elements { page, _ in page.member("image") { $0.readInt() } } }
        let places = r.issues.map { "\($0.path) \($0.position.map(\.lineColumn) ?? "-")" }
        // An unknown key where the key is written; a wrong value where the value is.
        #expect(places == ["canvas.fps 2:14", "pages[0].image 4:29"])
    }
}
