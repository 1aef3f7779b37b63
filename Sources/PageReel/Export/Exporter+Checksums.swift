import Foundation
import PageReelEncode

extension Exporter {
    /// The SHA-256 of each written output, by path (a frames folder: of its sorted `name digest` lines).
    static func checksums(of outputs: [Output]) throws(PageReelError) -> [String: String] {
        var sums: [String: String] = [:]
        do throws(EncodeError) {
            for output in outputs {
                if output.format == .pngFrames {
                    let names = ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).sorted()
                    let folder = SHA256()
                    for name in names {
                        let file = SHA256()
                        let path = (output.path as NSString).appendingPathComponent(name)
                        try file.update(fileAt: path, shown: path)
                        folder.update("\(name) \(file.finish())\n")
                    }
                    sums[output.path] = folder.finish()
                } else {
                    let file = SHA256()
                    try file.update(fileAt: output.path, shown: output.path)
                    sums[output.path] = file.finish()
                }
            }
        } catch {
            throw .inputMissing(path: error.path, message: error.description)
        }
        return sums
    }
}
