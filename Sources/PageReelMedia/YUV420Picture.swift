import CFFmpeg
import CPixels

/// A decoded 8-bit 4:2:0 picture kept as its planes, with how it becomes RGB: what a clip opened
/// with the `.fast` conversion gives for `VideoClip.picture(_:)`, so that comparing two videos
/// converts only the parts that may differ (`pr_yuv420_compare_row`). `pixmap()` is the whole
/// picture as `VideoClip.frame(_:)` gives it.
public struct YUV420Picture: Sendable {
    public let width: Int
    public let height: Int
    /// The planes: the decoder's own, referenced, or an array.
    private let storage: Storage
    public let matrix: Matrix

    var chromaWidth: Int { (width + 1) / 2 }
    var chromaHeight: Int { (height + 1) / 2 }

    /// `pr_yuv420_rgba`'s coefficients: Y = (y − yOffset)·yScale, R = Y + crv·V,
    /// G = Y − cgu·U − cgv·V, B = Y + cbu·U.
    public struct Matrix: Sendable, Equatable {
        let yOffset, yScale, crv, cgu, cgv, cbu: Float

        /// swscale's coefficients for `matrix` (`SWS_CS_*`; they are for limited range:
        /// full-range chroma is 224/255 of them).
        package init(swscale matrix: Int32, fullRange: Bool) {
            let table = sws_getCoefficients(matrix)!
            let chroma: Float = fullRange ? 224.0 / 255 : 1
            let scale = chroma / 65536
            (yOffset, yScale) = fullRange ? (0, 1) : (16, 255.0 / 219)
            (crv, cbu, cgu, cgv) = (Float(table[0]) * scale, Float(table[1]) * scale,
                                    Float(table[2]) * scale, Float(table[3]) * scale)
        }

        package var c: pr_yuv420_matrix { pr_yuv420_matrix(y_offset: yOffset, y_scale: yScale, crv: crv, cgu: cgu, cgv: cgv, cbu: cbu) }
    }

    /// What a picture's planes are kept in. A decoded frame is referenced rather than copied:
    /// its buffers are reference-counted, and a decoder writes into none that is still referenced.
    private final class Storage: @unchecked Sendable {
        /// A reference to the decoded frame, or nil when the planes are in `bytes`.
        let frame: UnsafeMutablePointer<AVFrame>?
        /// Y, then U, then V, rows without padding (when there is no frame).
        let bytes: [UInt8]

        init?(referencing source: UnsafePointer<AVFrame>) {
            guard let frame = av_frame_alloc() else { return nil }
            guard av_frame_ref(frame, source) >= 0 else {
                var freed: UnsafeMutablePointer<AVFrame>? = frame
                av_frame_free(&freed)
                return nil
            }
            self.frame = frame
            bytes = []
        }

        init(bytes: [UInt8]) {
            frame = nil
            self.bytes = bytes
        }

        deinit {
            var frame = frame
            av_frame_free(&frame)
        }
    }

    /// The planes of the decoded `frame` (8-bit 4:2:0), referenced; nil when FFmpeg has no memory
    /// for the reference.
    init?(frame: UnsafePointer<AVFrame>, matrix: Matrix) {
        guard let storage = Storage(referencing: frame) else { return nil }
        width = Int(frame.pointee.width)
        height = Int(frame.pointee.height)
        self.matrix = matrix
        self.storage = storage
    }

    /// A picture of the given planes (Y, then U, then V, rows without padding).
    package init(width: Int, height: Int, planes: [UInt8], matrix: Matrix) {
        precondition(planes.count == width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2), "planes of another size")
        (self.width, self.height, self.matrix) = (width, height, matrix)
        storage = Storage(bytes: planes)
    }

    /// The planes as `pr_yuv420_rgba` and `pr_yuv420_compare_row` take them, for `body`.
    package func withPlanes<R>(_ body: (pr_yuv420_planes) -> R) -> R {
        if let frame = storage.frame {
            let f = frame.pointee
            return withExtendedLifetime(storage) {
                body(pr_yuv420_planes(y: f.data.0, u: f.data.1, v: f.data.2, y_stride: f.linesize.0,
                                      u_stride: f.linesize.1, v_stride: f.linesize.2))
            }
        }
        let (w, h, cw, ch) = (width, height, chromaWidth, chromaHeight)
        return storage.bytes.withUnsafeBufferPointer { buffer in
            let y = buffer.baseAddress!
            return body(pr_yuv420_planes(y: y, u: y + w * h, v: y + w * h + cw * ch, y_stride: Int32(w),
                                         u_stride: Int32(cw), v_stride: Int32(cw)))
        }
    }

    /// The picture as opaque RGBA (`pr_yuv420_rgba`).
    public func pixmap() -> Pixmap {
        withPlanes { p in
            Self.rgba(width: width, height: height, y: p.y, yStride: p.y_stride, u: p.u, uStride: p.u_stride,
                      v: p.v, vStride: p.v_stride, matrix: matrix)
        }
    }

    /// Planes of a `width`×`height` 4:2:0 picture as opaque RGBA (`pr_yuv420_rgba`).
    static func rgba(width: Int, height: Int, y: UnsafePointer<UInt8>, yStride: Int32, u: UnsafePointer<UInt8>,
                     uStride: Int32, v: UnsafePointer<UInt8>, vStride: Int32, matrix m: Matrix) -> Pixmap {
        var scratch = [Float](repeating: 0, count: Int(pr_yuv420_scratch(Int32(width))))
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!).bindMemory(to: UInt32.self, capacity: width * height)
            pr_yuv420_rgba(out, Int32(width), Int32(height), y, yStride, u, uStride, v, vStride,
                           m.yOffset, m.yScale, m.crv, m.cgu, m.cgv, m.cbu, &scratch)
            initialized = width * height * 4
        }
        return Pixmap(width: width, height: height, pixels: pixels)
    }
}

/// A decoded video picture: RGBA, or (from a `.fast` clip, 8-bit 4:2:0 and upright) the YUV
/// planes it converts from.
public enum VideoPicture: Sendable {
    case rgba(Pixmap)
    case yuv420(YUV420Picture)

    public var width: Int {
        switch self {
        case .rgba(let pixmap): pixmap.width
        case .yuv420(let picture): picture.width
        }
    }

    public var height: Int {
        switch self {
        case .rgba(let pixmap): pixmap.height
        case .yuv420(let picture): picture.height
        }
    }

    /// The picture as premultiplied RGBA.
    public func pixmap() -> Pixmap {
        switch self {
        case .rgba(let pixmap): pixmap
        case .yuv420(let picture): picture.pixmap()
        }
    }
}
