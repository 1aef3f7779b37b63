import CWebP

/// An animated (or still) WebP file read frame by frame with libwebp's `WebPAnimDecoder`, which
/// composites each frame onto the canvas as a viewer shows it: what `pagereel diff` compares.
///
/// The file is held in memory (libwebp decodes from memory); the canvas is checked against the
/// pixel limit and every frame's duration read by the demuxer before any frame is decoded, and
/// one frame is decoded at a time.
public final class WebPAnimation {
    public let path: String
    public let width: Int
    public let height: Int
    /// When each frame starts, in seconds, and when the last one ends.
    public let frameTimes: [Double]
    public let duration: Double
    public var frameCount: Int { frameTimes.count }
    /// How many frames `next()` has returned since the start.
    public private(set) var position = 0
    /// The file's bytes, where the decoder reads them until it is deleted.
    private let data: UnsafeMutableBufferPointer<UInt8>
    private var decoder: OpaquePointer?

    /// The most frames read (ten minutes at 120 frames a second).
    public static let maxFrames = 72_000

    /// Opens `file`: `.badVideo` when it is not a WebP file libwebp reads, its canvas is over
    /// `maxPixels`, or it has more than `maxFrames` frames.
    public init(file: InputFile, maxPixels: Int = ImageDecoder.maxPixels) throws(MediaError) {
        let path = file.path
        let bytes = try file.bytes(limit: nil, maxSize: ImageDecoder.maxFileBytes).bytes
        guard Self.isWebP(bytes) else { throw .badVideo(path: path, message: "not a WebP file") }
        let data = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = data.initialize(from: bytes)
        let header: (width: Int, height: Int, times: [Double], end: Int)
        do throws(MediaError) {
            header = try Self.readHeader(data, path: path, maxPixels: maxPixels)
        } catch {
            data.deallocate()
            throw error
        }
        self.path = path
        self.data = data
        width = header.width
        height = header.height
        frameTimes = header.times
        duration = Double(header.end) / 1000
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw .badVideo(path: path, message: "libwebp's animation decoder does not match its headers")
        }
        options.color_mode = MODE_rgbA   // premultiplied, as a Pixmap is
        options.use_threads = 0
        var webp = WebPData(bytes: data.baseAddress, size: data.count)
        decoder = WebPAnimDecoderNew(&webp, &options)
        guard decoder != nil else { throw .badVideo(path: path, message: "not a WebP file libwebp can decode") }
    }

    /// The canvas and each frame's start (seconds) and the end (milliseconds), from the demuxer.
    private static func readHeader(_ data: UnsafeMutableBufferPointer<UInt8>, path: String,
                                   maxPixels: Int) throws(MediaError) -> (width: Int, height: Int, times: [Double], end: Int) {
        var webp = WebPData(bytes: data.baseAddress, size: data.count)
        guard let demuxer = WebPDemux(&webp) else { throw .badVideo(path: path, message: "not a WebP file libwebp can read") }
        defer { WebPDemuxDelete(demuxer) }
        let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
        let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
        if let problem = ImageDecoder.sizeProblem(width: width, height: height, maxPixels: maxPixels, what: "the animation") {
            throw .badVideo(path: path, message: problem)
        }
        let count = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
        guard count > 0, count <= maxFrames else {
            throw .badVideo(path: path, message: "the animation has \(count) frames (1…\(maxFrames) are read)")
        }
        var times: [Double] = []
        var end = 0
        var iterator = WebPIterator()
        guard WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 else {
            throw .badVideo(path: path, message: "the animation's first frame cannot be read")
        }
        repeat {
            times.append(Double(end) / 1000)
            end += Int(max(0, iterator.duration))
        } while WebPDemuxNextFrame(&iterator) != 0
        WebPDemuxReleaseIterator(&iterator)
        return (width, height, times, end)
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        data.deallocate()
    }

    /// The next frame as a viewer shows it (composited on the canvas); nil after the last.
    public func next() throws(MediaError) -> Pixmap? {
        guard position < frameCount, WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var end: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &end) != 0, let buffer else {
            throw .badVideo(path: path, message: "frame \(position) of the animation does not decode")
        }
        var pixmap = Pixmap(width: width, height: height)
        pixmap.pixels.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: buffer, count: width * height * 4)) }
        position += 1
        return pixmap
    }

    /// Starts again from the first frame.
    public func rewind() {
        WebPAnimDecoderReset(decoder)
        position = 0
    }

    /// Whether `bytes` start as a WebP file does (RIFF….WEBP).
    public static func isWebP(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(12))
        return head.count == 12 && head[0..<4] == Array("RIFF".utf8)[...] && head[8..<12] == Array("WEBP".utf8)[...]
    }
}
