import Foundation

/// What the machine running the tests reports about its CPU, read from /proc/cpuinfo: the
/// independent answer that code choosing SIMD paths at run time (cpuid) is checked against.
public enum HostCPU {
    /// The feature flags of the first CPU listed (`avx2`, `sse4_2`, …); empty where there is no
    /// /proc/cpuinfo.
    public static let flags: Set<String> = {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return [] }
        return Set(line.split(separator: " ").map(String.init))
    }()

    /// Whether the CPU has AVX2 (always false off x86-64).
    public static var hasAVX2: Bool {
        #if arch(x86_64)
        flags.contains("avx2")
        #else
        false
        #endif
    }
}
