import ArgumentParser
import PageReel

/// `export -o PATH`: the extension picks the format, a path ending in `/` is a folder of PNGs.
/// The library reads the path (`Output(argument:)`); this only adds the reason for a refusal.
extension Output: ArgumentValue {
    init(parsing text: String) throws(ValidationError) {
        guard let output = Output(argument: text) else {
            throw ValidationError("unknown output format; use .mp4, .gif, .webm, .webp, .apng, .png or a folder ending in /")
        }
        self = output
    }
}
