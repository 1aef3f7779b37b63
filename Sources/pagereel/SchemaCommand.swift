import ArgumentParser
import PageReel

/// `pagereel schema`: the deck format's JSON Schema on stdout, for editors and CI validators.
///
/// The schema lives in the library (`DeckFormat.jsonSchema`) so that a program embedding pagereel
/// gets the same text; the command only prints it. Another rendering of the format (a flag beside
/// the schema) is one more `@Flag` here and one more property of `DeckFormat`.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the deck format.",
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

        Example:
          pagereel schema > deck.schema.json
        """
    )

    func run() throws {
        Console.out(DeckFormat.jsonSchema)
    }
}
