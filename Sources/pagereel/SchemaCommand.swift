import ArgumentParser
import PageReel

/// `pagereel schema [--markdown]`: the deck format's JSON Schema, or its reference tables, on stdout.
///
/// Both live in the library (`FormatDocuments`), made from the format's one declaration, so that a
/// program embedding pagereel gets the same text; the command only prints it.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the deck format, or its reference tables.",
        discussion: """
        Every key with its type, default, limits and a description. Editors use it to complete \
        keys, show what each one does and flag mistakes as you type; any JSON Schema validator can \
        check decks with it in CI. pagereel validate checks more than a schema can: tab titles \
        against the page count, jump and tap targets, the viewport inside the canvas, the script's \
        length, images and fonts.

        A deck cannot name its schema with a "$schema" key (unknown keys are errors), so map deck \
        files to it in the editor. In VS Code, in .vscode/settings.json:

          "json.schemas": [
            { "fileMatch": ["deck.json", "*.deck.json"], "url": "./deck.schema.json" }
          ]

        --markdown prints the reference table of every object of the format instead, each between \
        <!-- keys: NAME --> and <!-- /keys --> markers: the tables of docs/deck-format.md, which \
        Scripts/make-docs pastes in.

        Examples:
          pagereel schema > deck.schema.json
          pagereel schema --markdown
        """
    )

    @Flag(help: "Print the reference tables in Markdown instead of the JSON Schema.")
    var markdown = false

    func run() throws {
        Console.out(markdown ? FormatDocuments.markdownTables : FormatDocuments.jsonSchema)
    }
}
