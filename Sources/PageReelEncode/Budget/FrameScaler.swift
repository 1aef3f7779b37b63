import CFFmpeg
import PageReelMedia

/// Scales frames already rendered to a smaller size, for a size budget that lowers the width:
/// libswscale's bicubic filter (widened to the ratio, so it averages as it shrinks), bit-exact so
/// the same frames give the same pixels on every CPU.
final class FrameScaler {
    let width: Int, height: Int
    private let sourceWidth: Int, sourceHeight: Int
    private let context: OpaquePointer

    init(from sourceWidth: Int, _ sourceHeight: Int, to width: Int, _ height: Int, path: String) throws(EncodeError) {
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT
        guard let context = sws_getContext(Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_RGBA,
                                           Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(flags), nil, nil, nil) else {
            throw .ffmpeg(path: path, call: "sws_getContext", code: -1, message: "cannot scale \(sourceWidth)x\(sourceHeight) to \(width)x\(height)")
        }
        (self.sourceWidth, self.sourceHeight, self.width, self.height, self.context) = (sourceWidth, sourceHeight, width, height, context)
    }

    deinit { sws_freeContext(context) }

    /// `frame` at the scaler's size.
    func scale(_ frame: Pixmap) -> Pixmap {
        var output = Pixmap(width: width, height: height)
        frame.pixels.withUnsafeBufferPointer { source in
            output.pixels.withUnsafeMutableBufferPointer { destination in
                var sources: [UnsafePointer<UInt8>?] = [source.baseAddress, nil, nil, nil]
                var sourceStrides: [Int32] = [Int32(sourceWidth * 4), 0, 0, 0]
                var destinations: [UnsafeMutablePointer<UInt8>?] = [destination.baseAddress, nil, nil, nil]
                var destinationStrides: [Int32] = [Int32(width * 4), 0, 0, 0]
                _ = sws_scale(context, &sources, &sourceStrides, 0, Int32(sourceHeight), &destinations, &destinationStrides)
            }
        }
        return output
    }
}
