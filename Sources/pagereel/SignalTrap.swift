import ArgumentParser
import Dispatch
import Foundation
import PageReel

/// Turns SIGINT and SIGTERM into a cancellation the export polls between frames, with a watchdog:
/// if the export has not stopped half a second later (an encoder busy flushing), the temporary
/// outputs are removed and the process exits with 130 or 143 itself, so a signal always ends an
/// export within a second and leaves no partial file.
final class SignalTrap: @unchecked Sendable {
    /// Installed once at start-up, for every command: those that poll it stop cleanly, the others
    /// are ended by the watchdog with their temporary outputs removed.
    static let shared = SignalTrap()

    let cancellation = Cancellation()
    private var sources: [DispatchSourceSignal] = []

    private init() {
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
            sources.append(source)
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
