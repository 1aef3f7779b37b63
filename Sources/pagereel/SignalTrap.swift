import Dispatch
import Foundation
import PageReel

/// Turns SIGINT and SIGTERM into a cancellation the export polls between frames.
final class SignalTrap {
    let cancellation = Cancellation()
    private var sources: [DispatchSourceSignal] = []

    init() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            let cancellation = self.cancellation
            source.setEventHandler { cancellation.cancel(signal: sig) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
