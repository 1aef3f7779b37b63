import Dispatch
import Foundation
import PageReelEncode
import PageReelMedia
import PageReelRaster
import PageReelScene

/// Renders frames on one thread while the outputs consume them on the calling thread, through a
/// small pool of reused pixmaps (no allocation per frame). A frame whose scene equals the previous
/// one is not rendered again: the outputs get the previous pixels once more.
///
/// The two threads share no frame buffer. Pixmaps travel: a spare one goes to the render thread,
/// comes back rendered through `ready`, stays with the consumer while the outputs read it, and is
/// handed back as a spare when the next rendered frame arrives (`HandOff` moves values, so each
/// buffer has one owner at a time and is written again without copy-on-write).
struct FramePipeline {
    let source: FrameSource
    let frames: Range<Int>
    /// Frame buffers: the one the outputs read and the frame rendered ahead of it. At least 2. A
    /// third was within noise on the 1080p MP4 bench (medians of 4 interleaved exports 15.5 s with
    /// three, 15.7 s with two) and costs 8 MiB of peak memory at 1080p, 32 MiB at 4K.
    var depth = 2

    /// Called on the render thread as it exits (tests check that it never outlives `run`).
    var renderThreadDidExit: (@Sendable () -> Void)?

    /// What the render thread hands over for one frame.
    enum Rendered: Sendable {
        /// A newly rendered frame.
        case frame(Pixmap)
        /// The same pixels as the frame before.
        case same
        /// Rendering failed; nothing follows.
        case failed(PageReelError)
        /// The render thread saw the cancellation and stopped; nothing follows.
        case interrupted(signal: Int32)
    }

    /// Renders every frame and hands it, in order, to `consume` with the frame number and whether
    /// it repeats the previous frame's pixels; stops early on an error or when `cancellation` is set.
    func run(cancellation: Cancellation?,
             consume: (Pixmap, Int, _ repeatsPrevious: Bool) throws(PageReelError) -> Void) throws(PageReelError) {
        precondition(depth >= 2, "the outputs hold one frame while the next is rendered")
        let spare = HandOff<Pixmap>(capacity: depth)
        for _ in 0..<depth { spare.send(Pixmap(width: source.width, height: source.height)) }
        let ready = HandOff<Rendered>(capacity: depth)
        let finished = DispatchSemaphore(value: 0)
        let renderer = Thread { [source, frames, renderThreadDidExit] in
            Self.render(source, frames: frames, spare: spare, ready: ready, cancellation: cancellation)
            renderThreadDidExit?()
            finished.signal()
        }
        renderer.stackSize = 1 << 22
        renderer.start()
        // Closing both queues lets the render thread see the stop, wherever it waits, and leave;
        // it is joined before `run` returns, so no frame is rendered after an export has ended.
        defer {
            spare.close()
            ready.close()
            finished.wait()
        }
        var current: Pixmap?
        for frame in frames {
            // Only this thread closes `ready`, and only on the way out, so nil means a signal came
            // while the frame was still rendering: the export stops without waiting for it.
            let rendered = ready.receive(unless: { cancellation?.signal != nil })
            if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
            guard let rendered else { preconditionFailure("the frame queue closed while in use") }
            var repeatsPrevious = false
            switch rendered {
            case .frame(let pixmap):
                // Moved back, not copied: the render thread may write it at once.
                if current != nil { spare.send(current.take()!) }
                current = pixmap
            case .same:
                repeatsPrevious = true
            case .failed(let error):
                throw error
            case .interrupted(let signal):
                throw .interrupted(signal: signal)
            }
            try consume(current!, frame, repeatsPrevious)
        }
    }

    /// The render thread's loop: one message per frame into `ready`, each rendered frame into a
    /// pixmap taken from `spare`.
    private static func render(_ source: FrameSource, frames: Range<Int>, spare: HandOff<Pixmap>,
                               ready: HandOff<Rendered>, cancellation: Cancellation?) {
        var previous: Scene?
        var lifetimes = PageLifetimes(source: source, frames: frames)
        for frame in frames {
            if let signal = cancellation?.signal {
                ready.send(.interrupted(signal: signal))
                return
            }
            let scene = source.scene(frame: frame)
            if let previous, previous == scene {
                guard ready.send(.same) else { return }
                continue
            }
            guard var pixmap = spare.receive() else { return }
            lifetimes.willRender(frame: frame)
            do throws(PageReelError) {
                try source.render(scene, into: &pixmap)
            } catch {
                ready.send(.failed(error))
                return
            }
            previous = scene
            guard ready.send(.frame(consume pixmap)) else { return }
        }
    }
}
