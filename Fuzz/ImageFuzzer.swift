/// libFuzzer entry point for the image decoding path, compiled into the module PageReelMedia (with
/// PageReelDeck, PageReelJSON and CShims beside it) by `Scripts/fuzz images`; it is not a SwiftPM
/// target, since libFuzzer brings its own main. Image files come from strangers' decks, so any
/// bytes must end in a value or a `MediaError`: never a crash, a hang or unbounded memory.
/// `Tests/PageReelMediaTests/FuzzFindingTests.swift` replays the findings through the same calls.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzImage(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Well below the 50 MP of a deck, so that a valid header declaring a large image decodes in
/// milliseconds instead of seconds under AddressSanitizer; every check runs the same.
let fuzzImageMaxPixels = 4_000_000

func fuzzImage(_ bytes: [UInt8]) {
    // What a deck's image goes through: its displayed size for layout, then its pixels, from a file.
    guard let file = try? InputFile.memory(bytes, name: "input") else { return }
    let size = try? ImageDecoder.size(of: file)
    if let pixmap = try? ImageDecoder.decode(file: file, maxPixels: fuzzImageMaxPixels) {
        // The size reported before decoding is the one decoding gives, orientation included.
        precondition(size.map { $0 == (pixmap.width, pixmap.height) } ?? false, "size \(String(describing: size))")
    }

    // The EXIF walkers and the TIFF reader take any bytes, whatever the container turned out to be.
    for lookup in [EXIFLocator.png(bytes), EXIFLocator.jpeg(bytes)] {
        if case .found(let tiff) = lookup { _ = ImageOrientation(exif: tiff) }
    }
    _ = ImageOrientation(exif: bytes[...])

    // lcms2 on the profile the file embeds, or on the bytes themselves (seeded with bare profiles),
    // for every pixel layout a decoder hands over: decoding tries only the one that matches.
    let profile = ImageDecoder.embeddedProfile(bytes) ?? bytes
    for layout in [ColorTransform.Layout.rgba, .grayRGBA, .cmyk(inverted: false), .cmyk(inverted: true)] {
        var pixels = (0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        ColorTransform(from: .icc(profile), layout: layout)?.apply(to: &pixels)
    }
}
