import Foundation

/// How much memory this process may still take: what its control group allows beyond what the
/// group already uses (Docker's and podman's `--memory`, a CI runner's limit), else — and never
/// more than — what the kernel reports available (a Docker or podman machine on a Mac is a VM of
/// 2 GiB by default, with no limit on the container).
///
/// Read from files, so a test can hand in its own: cgroup v2's `memory.max` and `memory.current`,
/// or v1's `memory.limit_in_bytes` and `memory.usage_in_bytes`, in the process's own group (as
/// `/proc/self/cgroup` names it) or at the root of the mount, as a container sees its group; and
/// `MemAvailable` of `/proc/meminfo`.
struct MemoryRoom: Equatable {
    /// Bytes available to the system as a whole (MemAvailable), nil when unknown.
    var available: Int?
    /// Bytes the control group may still grow by, nil without a limit.
    var groupRoom: Int?

    /// The bytes this process may take: the smaller of the two, nil when neither is known.
    var bytes: Int? {
        switch (available, groupRoom) {
        case let (a?, g?): min(a, g)
        case let (a?, nil): a
        case let (nil, g?): g
        case (nil, nil): nil
        }
    }

    /// This machine's, now.
    static var current: MemoryRoom { read(root: "") }

    /// Read under `root` (a folder standing for `/`).
    static func read(root: String) -> MemoryRoom {
        func text(_ path: String) -> String? { try? String(contentsOfFile: root + path, encoding: .utf8) }
        let available = text("/proc/meminfo").flatMap(Self.memAvailable)
        let groups = text("/proc/self/cgroup").map(Self.groupPaths) ?? (v1: nil, v2: nil)
        var room: Int?
        for (folder, limit, usage) in [("/sys/fs/cgroup", "memory.max", "memory.current"),
                                       ("/sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.usage_in_bytes")] {
            let own = folder.hasSuffix("/memory") ? groups.v1 : groups.v2
            for group in [own, ""].compactMap({ $0 }) {
                let base = folder + (group == "/" ? "" : group) + "/"
                guard let max = text(base + limit).flatMap(Self.limit), let used = text(base + usage).flatMap(Self.number) else { continue }
                room = Swift.max(0, max - used)
                break
            }
            if room != nil { break }
        }
        return MemoryRoom(available: available, groupRoom: room)
    }

    /// `MemAvailable:   23978800 kB` in bytes.
    static func memAvailable(_ meminfo: String) -> Int? {
        for line in meminfo.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    /// The group's path in the v1 memory hierarchy and in the v2 one, from `/proc/self/cgroup`
    /// (`4:memory:/docker/abc`, `0::/user.slice/…`).
    static func groupPaths(_ cgroup: String) -> (v1: String?, v2: String?) {
        var v1: String?, v2: String?
        for line in cgroup.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            if parts[1].split(separator: ",").contains("memory") { v1 = String(parts[2]) }
            if parts[0] == "0", parts[1].isEmpty { v2 = String(parts[2]) }
        }
        return (v1, v2)
    }

    /// A limit file's bytes; nil for none (`max`, or v1's "no limit", a page short of 2⁶³).
    static func limit(_ text: String) -> Int? {
        guard let value = number(text), value < 1 << 62 else { return nil }
        return value
    }

    static func number(_ text: String) -> Int? { Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) }
}
