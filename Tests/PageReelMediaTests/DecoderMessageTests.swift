@testable import PageReelMedia
import Testing

/// Decoder messages keep the libraries' own words and drop what came from the file: a chunk type
/// that is not one of PNG's, and hexadecimal values.
@Suite struct DecoderMessageTests {
    @Test func pngChunkNamesFromTheFileAreLeftOut() {
        #expect(DecoderMessage.png("Zw[33]K: invalid chunk type") == "a chunk: invalid chunk type")
        #expect(DecoderMessage.png("abcd: unknown critical chunk") == "a chunk: unknown critical chunk")
        #expect(DecoderMessage.png("IDAT: incorrect data check") == "IDAT: incorrect data check")
        #expect(DecoderMessage.png("read beyond end of data") == "read beyond end of data")
        #expect(DecoderMessage.png("Invalid PNG signature 0x726F6F743A783A30") == "Invalid PNG signature")
    }

    @Test func hexValuesAreLeftOut() {
        #expect(DecoderMessage.withoutHex("Unsupported marker type 0x67") == "Unsupported marker type")
        #expect(DecoderMessage.withoutHex("Corrupt JPEG data: 12 extraneous bytes before marker 0xd9.")
                == "Corrupt JPEG data: 12 extraneous bytes before marker")
        #expect(DecoderMessage.withoutHex("Bogus marker (0xFF) length") == "Bogus marker length")
        #expect(DecoderMessage.withoutHex("0x sums to 0") == "0x sums to 0")
    }
}
