import PageReel

/// Why a command failed: a usage mistake or a library error, each mapped to its exit code.
enum CommandFailure: Error {
    case usage(String)
    case failure(PageReelError)

    var exitCode: Int32 {
        switch self {
        case .usage: ExitCode.usage
        case .failure(let error): ExitCode.of(error)
        }
    }

    var message: String {
        switch self {
        case .usage(let message): message
        case .failure(let error): error.description
        }
    }
}

/// Runs a parsing step, turning its mistake into a usage failure.
func usage<T>(_ body: () throws(UsageError) -> T) throws(CommandFailure) -> T {
    do {
        return try body()
    } catch {
        throw .usage(error.message)
    }
}

/// Runs a library call, turning its error into a failure with the right exit code.
func library<T>(_ body: () throws(PageReelError) -> T) throws(CommandFailure) -> T {
    do {
        return try body()
    } catch {
        throw .failure(error)
    }
}
