import ArgumentParser

/// A command-line value parsed once into its type, that can say why a text is not one.
///
/// `ExpressibleByArgument` can only refuse a text ("The value '640x48o' is invalid for
/// '--size <WxH>'"), so the options of these types are declared with `transform:
/// T.init(parsing:)`, and swift-argument-parser adds the reason after a colon: "…: expected
/// WIDTHxHEIGHT, e.g. 1280x720". The `ExpressibleByArgument` conformance serves declarations that
/// need no reason.
protocol ArgumentValue: ExpressibleByArgument {
    /// Parses `text`, or throws the reason it is not a value of this type.
    init(parsing text: String) throws(ValidationError)
}

extension ArgumentValue {
    init?(argument: String) {
        guard let value = try? Self(parsing: argument) else { return nil }
        self = value
    }
}
