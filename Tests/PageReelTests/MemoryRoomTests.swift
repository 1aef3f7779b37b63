import Foundation
import PageReelTestSupport
import Testing
@testable import PageReel

/// The memory a process may take, read from the files the kernel keeps: a control group's limit
/// less its use, never more than the machine has available.
@Suite struct MemoryRoomTests {
    let scratch = ScratchDirectory()

    /// A folder standing for `/` with `files` (path → text).
    func root(_ files: [String: String]) throws -> String {
        let root = try scratch.directory()
        for (path, text) in files {
            let full = root + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    static let meminfo = "MemTotal:       24567808 kB\nMemFree:         1000000 kB\nMemAvailable:   20000000 kB\n"

    @Test func withoutAGroupLimitItIsWhatIsAvailable() throws {
        let root = try root(["/proc/meminfo": Self.meminfo, "/proc/self/cgroup": "0::/\n",
                             "/sys/fs/cgroup/memory.max": "max\n", "/sys/fs/cgroup/memory.current": "123456\n"])
        #expect(MemoryRoom.read(root: root) == MemoryRoom(available: 20_000_000 * 1024, groupRoom: nil))
        #expect(MemoryRoom.read(root: root).bytes == 20_000_000 * 1024)
    }

    /// Docker or podman with `--memory 2g` on cgroup v2: the group seen at the mount's root.
    @Test func aV2LimitLessItsUse() throws {
        let root = try root(["/proc/meminfo": Self.meminfo, "/proc/self/cgroup": "0::/\n",
                             "/sys/fs/cgroup/memory.max": "2147483648\n", "/sys/fs/cgroup/memory.current": "147483648\n"])
        #expect(MemoryRoom.read(root: root).bytes == 2_000_000_000)
    }

    /// cgroup v1, the process's own group by its path; the machine's availability caps it.
    @Test func aV1GroupByItsPath() throws {
        let root = try root(["/proc/meminfo": "MemAvailable: 1000000 kB\n",
                             "/proc/self/cgroup": "5:cpu:/\n4:memory:/ci/job7\n0::/\n",
                             "/sys/fs/cgroup/memory/ci/job7/memory.limit_in_bytes": "4294967296\n",
                             "/sys/fs/cgroup/memory/ci/job7/memory.usage_in_bytes": "294967296\n",
                             "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
                             "/sys/fs/cgroup/memory/memory.usage_in_bytes": "1\n"])
        let room = MemoryRoom.read(root: root)
        #expect(room.groupRoom == 4_000_000_000)
        #expect(room.bytes == 1_024_000_000)
    }

    @Test func v1sNoLimitIsNone() throws {
        let root = try root(["/proc/self/cgroup": "4:memory:/\n",
                             "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
                             "/sys/fs/cgroup/memory/memory.usage_in_bytes": "1418170368\n"])
        #expect(MemoryRoom.read(root: root) == MemoryRoom(available: nil, groupRoom: nil))
    }

    /// This machine's own files read as the kernel's: MemAvailable as /proc/meminfo says.
    @Test func thisMachine() throws {
        let meminfo = try String(contentsOfFile: "/proc/meminfo", encoding: .utf8)
        let line = try #require(meminfo.split(separator: "\n").first { $0.hasPrefix("MemAvailable:") })
        let kilobytes = try #require(Int(line.split(separator: " ")[1]))
        let available = try #require(MemoryRoom.current.available)
        // Read at two moments: the machine's use moves a little between them.
        #expect(abs(available - kilobytes * 1024) < 512 << 20)
    }
}
