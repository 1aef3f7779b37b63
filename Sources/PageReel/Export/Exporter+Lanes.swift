import Foundation
import Synchronization

/// Several locales of a deck at once: as many as are worth it and fit.
///
/// One MP4 export leaves part of two cores idle (x264's threads wait on each other and on the
/// frames), so locales side by side finish sooner: three MP4s of the app-store sample in 0.73×
/// the time of three runs. But each brings its renderer and encoders, so memory grows with every
/// lane, and GIF, WebP and APNG encoders already keep every core busy: three lanes of a 1080×1920
/// deck with a recording to MP4 and GIF took 2.8 GB to save a tenth of the time. So the lanes are
/// chosen by what each export needs (`memoryEstimate`), the memory there is (`MemoryRoom`), and
/// whether its outputs leave cores idle.
extension Exporter {
    /// The most locales at a time: with two at a time a third would run alone at the end.
    static let maximumLanes = 3

    /// The share of the memory there is that lanes may plan to fill, leaving room for the
    /// estimate's error and for everything else on the machine.
    static let plannedShare = 0.75

    /// How many of `exporters` to run at once, given `room` bytes (nil: unknown, as if plenty).
    static func laneCount(for exporters: [Exporter], room: Int? = MemoryRoom.current.bytes) -> Int {
        guard exporters.count > 1 else { return 1 }
        // Image encoders use every core for themselves: a second lane would only wait for them.
        if exporters.contains(where: { $0.options.outputs.contains(where: \.isAnimatedImage) }) { return 1 }
        let need = exporters.map(\.memoryEstimate).max() ?? 0
        let fitting = room.map { Int(Double($0) * plannedShare) / max(1, need) } ?? maximumLanes
        return max(1, min(maximumLanes, exporters.count, fitting))
    }

    /// A rough peak of this export's memory, in bytes: per megapixel of every render it makes,
    /// the renderer's frames and textures and each encoder's pictures and threads. Measured on
    /// this machine: 1080×1920 with a recording peaked at 750 MB for an MP4, 536 MB for a GIF,
    /// 979 MB for both; the app-store sample (886×1920, three screenshots) at 538 MB for an MP4.
    var memoryEstimate: Int {
        let base = 80_000_000.0, render = 110_000_000.0, video = 215_000_000.0, image = 110_000_000.0
        let megapixels = Double(width * height) / 1_000_000
        let videos = Double(options.outputs.filter { $0.format == .mp4 || $0.format == .webm }.count)
        let images = Double(options.outputs.filter(\.isAnimatedImage).count)
        let imageMegapixels = options.gifWidth.map { gif in
            megapixels * pow(Double(gif) / Double(max(1, width)), 2)
        } ?? megapixels
        return Int(base + render * megapixels + video * videos * megapixels
                   + (render + image * images) * (images > 0 && separateImages ? imageMegapixels : 0)
                   + image * images * (separateImages ? 0 : megapixels))
    }

    /// `body(k)` for k in 0..<count, `lanes` at a time, each on a thread of its own, started in
    /// order of k: the results in that order, or the failure of the lowest k that failed (once
    /// one fails, no later k starts).
    static func runLanes<T: Sendable>(_ count: Int, lanes: Int = maximumLanes,
                                      _ body: @escaping (Int) throws(PageReelError) -> T) throws(PageReelError) -> [T] {
        guard count > 1, lanes > 1 else { return try (0..<count).map { k throws(PageReelError) in try body(k) } }
        let results = Mutex([Result<T, PageReelError>?](repeating: nil, count: count))
        let next = Mutex(0)
        let failed = Mutex(false)
        // The compiler cannot check the body: lane k alone runs body(k) — one exporter and its
        // files — and what the bodies share (the frame count, the progress callback) they reach
        // under a lock; every lane is waited for before this returns.
        nonisolated(unsafe) let body = body
        // Threads of their own: Dispatch would run no more lanes at once than there are cores.
        let group = DispatchGroup()
        for _ in 0..<min(lanes, count) {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                while true {
                    let k: Int? = next.withLock { next in
                        guard next < count, !failed.withLock({ $0 }) else { return nil }
                        defer { next += 1 }
                        return next
                    }
                    guard let k else { return }
                    let result = Result { () throws(PageReelError) in try body(k) }
                    if case .failure = result { failed.withLock { $0 = true } }
                    results.withLock { $0[k] = result }
                }
            }
            thread.name = "pagereel locale"
            thread.start()
        }
        group.wait()
        let all = results.withLock { $0 }
        var values: [T] = []
        for result in all {
            // A locale that never started comes after one that failed.
            guard let result else { break }
            values.append(try result.get())
        }
        return values
    }

}
