import ArgumentParser
import PageReel

/// `--transition NAME`: one of the presets `pagereel transitions` lists, with a suggestion for a
/// misspelt one ("cub" → "did you mean cube?").
extension NamedTransition: ArgumentValue {
    init(parsing text: String) throws(ValidationError) {
        guard let transition = NamedTransition(name: text) else {
            let hint = NamedTransition.suggestion(for: text).map { " (did you mean \($0)?)" } ?? ""
            throw ValidationError("unknown transition\(hint); see `pagereel transitions`")
        }
        self = transition
    }

    /// The preset called `argument`, or nil. Public because a public type's conformance must be,
    /// and `ArgumentValue`'s default is internal.
    public init?(argument: String) {
        self.init(name: argument)
    }
}
