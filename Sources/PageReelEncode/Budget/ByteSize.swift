import Foundation

/// A size in bytes as people write it for a limit: `10MB`, `0.9MB`, `800KB`, `1.5MiB`, `250000`.
///
/// KB, MB and GB are decimal (10³, 10⁶, 10⁹ bytes), as GitHub and the stores count their limits;
/// KiB, MiB and GiB binary; B or no unit is bytes. Case and a space before the unit do not matter.
public struct ByteSize: Sendable, Equatable, Comparable, CustomStringConvertible {
    public var bytes: Int

    public init(bytes: Int) { self.bytes = bytes }

    /// nil for text that is not a positive size of at most 1 TB.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let split = trimmed.firstIndex(where: { !($0.isASCII && ($0.isNumber || $0 == ".")) }) ?? Optional(trimmed.endIndex)
        else { return nil }
        let number = trimmed[..<split]
        let unit = trimmed[split...].trimmingCharacters(in: .whitespaces).lowercased()
        guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number != ".", let value = Double(number),
              let factor = Self.units[unit] else { return nil }
        let bytes = (value * factor).rounded(.down)
        guard bytes >= 1, bytes <= 1e12 else { return nil }
        self.bytes = Int(bytes)
    }

    private static let units: [String: Double] = [
        "": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "k": 1e3, "m": 1e6,
        "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824,
    ]

    /// In decimal units, to a few digits: `10 MB`, `9.62 MB`, `0.9 MB` is `900 KB`, `85.3 KB`.
    public var description: String {
        let (value, unit, digits): (Double, String, Int) = bytes >= 1_000_000 ? (Double(bytes) / 1e6, "MB", 2)
            : bytes >= 1000 ? (Double(bytes) / 1e3, "KB", bytes >= 100_000 ? 0 : 1) : (Double(bytes), "bytes", 0)
        var text = String(format: "%.\(digits)f", value)
        guard digits > 0 else { return text + " " + unit }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " " + unit
    }

    public static func < (a: ByteSize, b: ByteSize) -> Bool { a.bytes < b.bytes }
}
