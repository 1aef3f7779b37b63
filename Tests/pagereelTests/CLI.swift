import Foundation
import PageReelTestSupport

/// Runs the built `pagereel` binary.
enum CLI {
    static let binary = Repository.binary

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
