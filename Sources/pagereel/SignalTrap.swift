import ArgumentParser
import Dispatch
import Foundation
import PageReel
import Synchronization

/// Turns SIGINT and SIGTERM into a cancellation the export polls between frames, with a watchdog:
/// if the export has not stopped half a second later (an encoder busy flushing), the temporary
/// outputs are removed and the process exits with 130 or 143 itself, so a signal always ends an
/// export within a second and leaves no partial file.
final class SignalTrap: Sendable {
    /// Installed once at start-up, for every command: those that poll it stop cleanly, the others
    /// are ended by the watchdog with their temporary outputs removed.
    static let shared = SignalTrap()

    let cancellation = Cancellation()
    /// Kept so the sources stay armed. Dispatch sources are not `Sendable`; made here and moved
    /// into the mutex, they are only touched again, locked, to cancel them.
    private let sources: Mutex<[any DispatchSourceSignal]>

    private init() {
        var made: [any DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            let cancellation = self.cancellation
            source.setEventHandler {
                cancellation.cancel(signal: sig)
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) {
                    TemporaryFiles.removeAll()
                    _exit((sig == SIGTERM ? ExitCode.sigterm : ExitCode.sigint).rawValue)
                }
            }
            source.resume()
            made.append(source)
        }
        sources = Mutex(made)
    }

    deinit {
        sources.withLock { $0.forEach { $0.cancel() } }
    }
}
