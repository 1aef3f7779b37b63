import ArgumentParser

/// Where a deck's files may come from, shared by every command that loads a deck:
/// `--allow-path DIR`, repeatable.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("allow-path"),
            help: ArgumentHelp("Also let the deck read files from this folder (besides its own folder and the "
                               + "current directory); repeat for more.", valueName: "dir"),
            completion: .directory)
    var allowed: [String] = []
}
