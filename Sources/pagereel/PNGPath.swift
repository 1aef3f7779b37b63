import ArgumentParser

/// A PNG file to write: `still -o OUT.png`, `timeline -o PLOT.png`, `transitions --sheet OUT.png`.
struct PNGPath: ArgumentValue, CustomStringConvertible {
    let path: String

    init(parsing text: String) throws(ValidationError) {
        guard text.lowercased().hasSuffix(".png"), text.count > 4 else {
            throw ValidationError("expected a PNG file (.png)")
        }
        path = text
    }

    var description: String { path }
}
