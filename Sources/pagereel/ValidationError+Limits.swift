import ArgumentParser

extension ValidationError {
    /// Refuses a whole-number option outside its limits, in a command's `validate()`:
    /// `--fps: expected a whole number in 1…120, got 500`.
    static func check(_ value: Int?, _ flag: String, in range: ClosedRange<Int>) throws(ValidationError) {
        guard let value, !range.contains(value) else { return }
        throw ValidationError("\(flag): expected a whole number in \(range.lowerBound)…\(range.upperBound), got \(value)")
    }
}
