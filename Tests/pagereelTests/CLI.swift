import Foundation
import PageReelTestSupport

/// Runs the built `pagereel` binary.
enum CLI {
    /// The binary next to the test bundle (same build folder), else the debug build in the repo.
    static let binary: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("pagereel").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return Repository.root() + "/.build/debug/pagereel"
    }()

    static let samples = Repository.root() + "/Samples"

    @discardableResult
    static func run(_ arguments: String..., in directory: String? = nil) throws -> Command.Output {
        try Command.run(binary, arguments, in: directory)
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: String? = nil) throws -> Command.Output {
        try Command.run(binary, arguments, in: directory)
    }
}
