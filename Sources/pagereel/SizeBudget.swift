import ArgumentParser
import PageReel

/// `--max-size SIZE`: `10MB`, `0.9MB`, `800KB`, `1.5MiB`; the library reads it (`ByteSize`).
struct SizeBudget: ArgumentValue, CustomStringConvertible {
    let size: ByteSize

    init(parsing text: String) throws(ValidationError) {
        guard let size = ByteSize(text) else {
            throw ValidationError("expected a size such as 10MB, 0.9MB, 800KB or 1.5MiB (KB and MB are 1000 and 1000000 bytes)")
        }
        self.size = size
    }

    var description: String { size.description }
}
