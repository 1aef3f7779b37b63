import CImageQuant
import CShims

/// Typed owners for libimagequant's objects.
///
/// Every liq handle imports into Swift as the same `OpaquePointer`, so the compiler cannot tell an
/// attribute object from a histogram — and libimagequant 2.17's own README calls
/// `liq_histogram_quantize` with the two swapped. Wrapping each kind in its own class makes such a
/// swap a type error and ties every handle's lifetime to `deinit`.
///
/// libimagequant runs OpenMP loops by default, which on two cores is three times slower than one
/// thread per frame; `singleThreaded()` must run on each thread before it calls into the library,
/// because libgomp keeps the thread count per calling thread.
enum ImageQuant {
    /// Makes libimagequant's OpenMP loops single-threaded on the calling thread.
    static func singleThreaded() { _ = pr_omp_single_thread() }

    /// Throws unless `code` is LIQ_OK.
    static func check(_ code: liq_error, _ call: String, path: String) throws(EncodeError) {
        guard code != LIQ_OK else { return }
        throw .imageQuant(path: path, call: call, code: Int32(bitPattern: code.rawValue))
    }

    /// Quantization settings (`liq_attr`).
    final class Attributes {
        let handle: OpaquePointer
        let path: String

        init(maxColors: Int, speed: Int, path: String) throws(EncodeError) {
            guard let handle = liq_attr_create() else { throw .imageQuant(path: path, call: "liq_attr_create", code: 101) }
            self.handle = handle
            self.path = path
            try check(liq_set_max_colors(handle, Int32(maxColors)), "liq_set_max_colors", path: path)
            // Minimum 0: never fail with LIQ_QUALITY_TOO_LOW, just do the best possible.
            try check(liq_set_quality(handle, 0, 100), "liq_set_quality", path: path)
            try check(liq_set_speed(handle, Int32(speed)), "liq_set_speed", path: path)
        }

        deinit { liq_attr_destroy(handle) }
    }

    /// Colour statistics gathered over many images, for one palette shared by all of them.
    final class Histogram {
        let handle: OpaquePointer
        private let attributes: Attributes

        init(_ attributes: Attributes) throws(EncodeError) {
            guard let handle = liq_histogram_create(attributes.handle) else {
                throw .imageQuant(path: attributes.path, call: "liq_histogram_create", code: 101)
            }
            self.handle = handle
            self.attributes = attributes
        }

        deinit { liq_histogram_destroy(handle) }

        /// Adds colours with their weights (sRGB, opaque).
        func add(_ entries: [liq_histogram_entry]) throws(EncodeError) {
            try check(liq_histogram_add_colors(handle, attributes.handle, entries, Int32(entries.count), 0),
                      "liq_histogram_add_colors", path: attributes.path)
        }

        /// The palette for everything added.
        func quantize() throws(EncodeError) -> Result {
            var result: OpaquePointer? = nil
            try check(liq_histogram_quantize(handle, attributes.handle, &result), "liq_histogram_quantize",
                      path: attributes.path)
            guard let result else { throw .imageQuant(path: attributes.path, call: "liq_histogram_quantize", code: 101) }
            return Result(result, path: attributes.path)
        }
    }

    /// A quantization result (`liq_result`): the palette.
    final class Result {
        let handle: OpaquePointer
        let path: String

        fileprivate init(_ handle: OpaquePointer, path: String) {
            self.handle = handle
            self.path = path
        }

        deinit { liq_result_destroy(handle) }

        /// The palette's colours (RGBA, straight alpha).
        var palette: [liq_color] {
            guard let palette = liq_get_palette(handle) else { return [] }
            let count = Int(palette.pointee.count)
            return withUnsafeBytes(of: palette.pointee.entries) { raw in
                Array(raw.bindMemory(to: liq_color.self).prefix(count))
            }
        }
    }
}
