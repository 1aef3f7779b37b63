import Dispatch
import Foundation
import PageReelEncode
import PageReelRaster
import PageReelScene

/// Renders frames on one thread while the outputs consume them on the calling thread, through a
/// small ring of reused pixmaps (no allocation per frame). A frame whose scene equals the previous
/// one is copied, not rendered again.
struct FramePipeline {
    let source: FrameSource
    let frames: Range<Int>
    /// Frames rendered ahead of the encoders at most.
    var depth = 3

    /// Renders every frame and hands it, in order, to `consume`; stops early on an error or when
    /// `cancellation` is set.
    func run(cancellation: Cancellation?, consume: (Pixmap, Int) throws(PageReelError) -> Void) throws(PageReelError) {
        let frames = self.frames
        let source = self.source
        let slots = (0..<depth).map { _ in Slot(width: source.width, height: source.height) }
        // Created at zero and signalled up: libdispatch traps when a semaphore is released below
        // its initial value, which an early stop would otherwise leave it at.
        let free = DispatchSemaphore(value: 0)
        for _ in 0..<depth { free.signal() }
        let ready = DispatchSemaphore(value: 0)
        let state = SharedState()
        let renderer = Thread {
            var previous: Scene?
            for (k, frame) in frames.enumerated() {
                free.wait()
                if state.stopped || cancellation?.signal != nil {
                    ready.signal()
                    return
                }
                let slot = slots[k % slots.count]
                let scene = source.scene(frame: frame)
                do throws(PageReelError) {
                    if let previous, previous == scene, k > 0 {
                        slot.pixmap = slots[(k - 1) % slots.count].pixmap
                    } else {
                        try source.render(scene, into: &slot.pixmap)
                    }
                } catch {
                    state.fail(error)
                    ready.signal()
                    return
                }
                previous = scene
                ready.signal()
            }
        }
        renderer.stackSize = 1 << 22
        renderer.start()
        defer {
            state.stop()
            // Let the render thread see the stop and leave.
            for _ in 0..<depth { free.signal() }
        }
        for (k, frame) in frames.enumerated() {
            ready.wait()
            if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
            if let error = state.error { throw error }
            try consume(slots[k % slots.count].pixmap, frame)
            free.signal()
        }
    }

    /// One reusable frame buffer.
    private final class Slot: @unchecked Sendable {
        var pixmap: Pixmap
        init(width: Int, height: Int) { pixmap = Pixmap(width: width, height: height) }
    }

    /// The render thread's error and the consumer's stop request.
    private final class SharedState: @unchecked Sendable {
        private let lock = NSLock()
        private var failure: PageReelError?
        private var halted = false

        func fail(_ error: PageReelError) { lock.withLock { failure = error } }
        func stop() { lock.withLock { halted = true } }
        var error: PageReelError? { lock.withLock { failure } }
        var stopped: Bool { lock.withLock { halted } }
    }
}
