import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode

/// libavutil's SHA-256 against the FIPS 180-2 examples, fed whole, in pieces and from a file.
@Suite struct SHA256Tests {
    let scratch = ScratchDirectory()

    @Test func knownDigests() {
        #expect(SHA256.hex(of: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// A file larger than the read buffer hashes as its bytes do, and a million "a" as FIPS says.
    @Test func fileInPiecesEqualsItsBytes() throws {
        let path = try scratch.directory() + "/a.bin"
        try Data(repeating: UInt8(ascii: "a"), count: 1_000_000).write(to: URL(fileURLWithPath: path))
        let hash = SHA256()
        try hash.update(fileAt: path, shown: "a.bin")
        #expect(hash.finish() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        let large = try scratch.directory() + "/large.bin"
        let bytes = (0..<3_000_001).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        try Data(bytes).write(to: URL(fileURLWithPath: large))
        let fromFile = SHA256(), fromBytes = SHA256(), inPieces = SHA256()
        try fromFile.update(fileAt: large, shown: "large.bin")
        fromBytes.update(bytes)
        inPieces.update(Array(bytes[..<7]))
        inPieces.update(Array(bytes[7...]))
        let digest = fromFile.finish()
        #expect(digest == fromBytes.finish() && digest == inPieces.finish())
    }

    @Test func unreadableFileIsNamed() {
        #expect(throws: EncodeError.badInput(path: "shown.png", message: "cannot read: No such file or directory")) {
            try SHA256().update(fileAt: "/nonexistent/x.png", shown: "shown.png")
        }
    }
}
