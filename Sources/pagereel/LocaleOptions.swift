import ArgumentParser
import PageReel

/// `--locale CODE|all`: which of the deck's `locales` to render.
struct LocaleOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Render the deck in this one of its locales (default: the first), or `all` of them.",
                               valueName: "code|all"))
    var locale: String?

    /// The locales chosen, `fallback` without the flag.
    func selection(default fallback: LocaleSelection = .default) -> LocaleSelection {
        switch locale {
        case nil: fallback
        case "all": .all
        case let code?: .code(code)
        }
    }

    /// For commands that show one locale: `all` is a usage error.
    func single(for command: String) throws(ValidationError) -> LocaleSelection {
        if locale == "all" { throw ValidationError("--locale all: \(command) shows one locale at a time; name it") }
        return selection()
    }
}
