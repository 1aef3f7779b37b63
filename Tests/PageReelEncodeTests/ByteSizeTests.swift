import Testing
import PageReelEncode

/// `--max-size` values: decimal units as GitHub counts them, binary ones, fractions; and how a
/// size is shown.
@Suite struct ByteSizeTests {
    @Test(arguments: [
        ("10MB", 10_000_000), ("0.9MB", 900_000), ("800KB", 800_000), ("800kb", 800_000), ("1.5MiB", 1_572_864),
        ("64KiB", 65_536), ("2 MB", 2_000_000), ("250000", 250_000), ("1GB", 1_000_000_000), ("12B", 12),
    ])
    func reads(text: String, bytes: Int) {
        #expect(ByteSize(text) == ByteSize(bytes: bytes))
    }

    @Test(arguments: ["", "MB", "ten MB", "10XB", "-5MB", "0", "0.0001KB", "1.2.3MB", "2TB", "1e3KB", ".MB"])
    func refuses(text: String) {
        #expect(ByteSize(text) == nil)
    }

    @Test func showsDecimalUnits() {
        #expect(ByteSize(bytes: 10_000_000).description == "10 MB")
        #expect(ByteSize(bytes: 9_623_000).description == "9.62 MB")
        #expect(ByteSize(bytes: 900_000).description == "900 KB")
        #expect(ByteSize(bytes: 85_340).description == "85.3 KB")
        #expect(ByteSize(bytes: 512).description == "512 bytes")
    }
}
