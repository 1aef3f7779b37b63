/// A script or physics setting the timeline cannot play, with the deck's JSON path.
///
/// The deck decoder already rejects most of these; the timeline checks again because it can be
/// built from a deck made in code, and because some limits (the video's length) are only known
/// after simulating the script.
public struct TimelineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// JSON path of the offending value, e.g. `script[3].at`; `script` for the script as a whole.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `script[2].at: …`, the form the CLI prints after the deck's file name.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
