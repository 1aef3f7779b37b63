// ImportRules: the module graph of Package.swift, enforced by `swift build`.
//
// Design note: SwiftPM hands every target the module maps of all its transitive dependencies, so a
// target could import a C library its dependencies use (Raster importing CFFmpeg through Media)
// and the compiler would allow it. This build tool plugin runs when a target's build is planned
// and fails the build if one of its Swift files imports a module of this package, or of a product
// it uses, that the target does not declare as a direct dependency. The rule is the declaration
// itself: what a target may import is exactly what Package.swift lists for it, nothing to keep in
// step elsewhere. System modules (Foundation, Glibc, Dispatch, …) are not this package's and are
// not checked.
import Foundation
import PackagePlugin

@main
struct ImportRules: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let governed = Set(context.package.targets.map(moduleName)
            + context.package.dependencies.flatMap { $0.package.products.flatMap { $0.targets.map(moduleName) } })
        var allowed: Set<String> = [target.moduleName]
        for dependency in target.dependencies {
            switch dependency {
            case .target(let other): allowed.insert(moduleName(other))
            case .product(let product): allowed.formUnion(product.targets.map(moduleName))
            @unknown default: break
            }
        }
        var violations = 0
        for file in target.sourceFiles(withSuffix: "swift") {
            let text = try String(contentsOf: file.url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let module = ImportRules.importedModule(line), governed.contains(module),
                      !allowed.contains(module) else { continue }
                let shown = file.url.path.replacingOccurrences(of: context.package.directoryURL.path + "/", with: "")
                let declared = allowed.subtracting([target.moduleName]).sorted().joined(separator: ", ")
                Diagnostics.error("\(shown):\(number + 1): \(target.name) imports \(module), which Package.swift "
                                  + "does not list among its dependencies (\(declared))",
                                  file: file.url.path, line: number + 1)
                violations += 1
            }
        }
        if violations > 0 { throw ImportRuleViolation(target: target.name, count: violations) }
        return []
    }

    /// The module a line imports (`import X`, `@testable import X`, `internal import struct X.Y`),
    /// or nil.
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") || accessLevels.contains(String(first)) {
            words = words.dropFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        words = words.dropFirst()
        if words.count >= 2, declarationKinds.contains(String(words.first!)) { words = words.dropFirst() }
        return words.first.map { String($0.split(separator: ".")[0]) }
    }

    static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    static let declarationKinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
}

/// The module name SwiftPM gives a target: the Swift module of a source target, the target's name for
/// a system library.
private func moduleName(_ target: Target) -> String {
    (target as? SourceModuleTarget)?.moduleName ?? target.name
}

struct ImportRuleViolation: Error, CustomStringConvertible {
    var target: String
    var count: Int
    var description: String {
        "\(target): \(count) import\(count == 1 ? "" : "s") of modules it does not depend on (see the errors above)"
    }
}
