import ArgumentParser
import Dispatch
import Foundation
import PageReel
import Synchronization

/// Turns SIGINT and SIGTERM into a cancellation the export polls between frames, with a watchdog:
/// if the export has not stopped half a second later (an encoder busy flushing), the temporary
/// outputs are removed and the process exits with 130 or 143 itself, so a signal always ends an
/// export within a second and leaves no partial file. Either way the interruption is reported on
/// stderr once: by the command, or by the watchdog when it gets there first.
final class SignalTrap: Sendable {
    /// Installed once at start-up, for every command: those that poll it stop cleanly, the others
    /// are ended by the watchdog with their temporary outputs removed.
    static let shared = SignalTrap()

    let cancellation = Cancellation()
    private let reported = ReportedOnce()

    /// A flag set by whichever reports the interruption first.
    private final class ReportedOnce: Sendable {
        private let flag = Atomic<Bool>(false)
        /// Writes `message` on stderr, unless the interruption was reported already.
        func report(_ message: String) {
            if !flag.exchange(true, ordering: .sequentiallyConsistent) { Console.err(message) }
        }
    }
    /// Kept so the sources stay armed. Dispatch sources are not `Sendable`; made here and moved
    /// into the mutex, they are only touched again, locked, to cancel them.
    private let sources: Mutex<[any DispatchSourceSignal]>

    private init() {
        var made: [any DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            let cancellation = self.cancellation, reported = self.reported
            source.setEventHandler {
                cancellation.cancel(signal: sig)
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) {
                    TemporaryFiles.removeAll()
                    reported.report(PageReelError.interrupted(signal: sig).description)
                    _exit((sig == SIGTERM ? ExitCode.sigterm : ExitCode.sigint).rawValue)
                }
            }
            source.resume()
            made.append(source)
        }
        sources = Mutex(made)
    }

    /// Reports an error on stderr: an interruption once, whoever gets there first; anything else
    /// as it is.
    func report(_ error: PageReelError) {
        if case .interrupted = error { reported.report(error.description) } else { Console.err(error.description) }
    }

    deinit {
        sources.withLock { $0.forEach { $0.cancel() } }
    }
}
