import PageReelDeck

/// `pagereel schema`: the deck format's JSON Schema on stdout, for editors and CI validators.
///
/// The schema lives in the library (`DeckSchema.json`) so that a program embedding pagereel gets
/// the same text; the command only prints it.
enum SchemaCommand {
    static func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let args = try usage { () throws(UsageError) in
            try ArgumentParser(command: "schema", options: []).parse(arguments)
        }
        guard args.positionals.isEmpty else { throw .usage("schema: takes no arguments") }
        Console.out(DeckSchema.json)
        return ExitCode.ok
    }
}
