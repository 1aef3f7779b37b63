#if canImport(Glibc)
import Foundation
import Glibc
import PageReelTestSupport
import Testing
@testable import PageReel

/// Large buffers stay mapped one by one after the first is freed, so freeing gives memory back.
///
/// glibc serves a request from a free chunk of its heap whenever one is large enough, whatever the
/// threshold, and a test process that has run other tests has such chunks. So the check runs in a
/// fresh process: this test binary again, running only `checkedInAFreshProcess`.
@Suite struct FrameMemoryTests {
    static let childVariable = "PAGEREEL_FRAME_MEMORY_CHILD"
    static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] != nil }

    /// Whether glibc mapped the chunk at `pointer` by itself: bit 1 (IS_MMAPPED) of the size word
    /// it keeps just before every chunk it hands out.
    static func isMapped(_ pointer: UnsafeMutableRawPointer) -> Bool {
        pointer.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 2 != 0
    }

    @Test(.enabled(if: !isChild)) func buffersFromAMegabyteAreMappedEvenAfterOneIsFreed() throws {
        // The child writes this file when every check has passed.
        let marker = NSTemporaryDirectory() + "pagereel-frame-memory-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: marker) }
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = marker
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let child = try Command.run(executable, ["--testing-library", "swift-testing", "--filter", "FrameMemoryTests"],
                                    environment: environment)
        #expect(child.status == 0, "\(child.text)\(child.stderr)")
        #expect(FileManager.default.fileExists(atPath: marker), "the check did not run: \(child.text)\(child.stderr)")
    }

    /// By default glibc would serve the second 8 MiB buffer from the heap (its threshold rises to
    /// 8 MiB when the first is freed); with the threshold fixed it is mapped again, as is every
    /// buffer from a megabyte up, while smaller ones stay in the heap.
    @Test(.enabled(if: isChild)) func checkedInAFreshProcess() throws {
        FrameMemory.returnLargeBuffers()
        let size = 8 << 20
        let first = try #require(malloc(size))
        try #require(Self.isMapped(first))
        free(first)
        let second = try #require(malloc(size))
        defer { free(second) }
        try #require(Self.isMapped(second))
        // A buffer of a megabyte may still come from a free chunk the testing library left in
        // the heap (glibc looks there before it maps), but such chunks run out: of sixteen held
        // at once, nearly all are mapped. With glibc's default none would be (the threshold has
        // risen to 8 MiB).
        var megabytes: [UnsafeMutableRawPointer] = []
        defer { megabytes.forEach { free($0) } }
        for _ in 0..<16 { megabytes.append(try #require(malloc(FrameMemory.mappedFrom))) }
        let mapped = megabytes.filter(Self.isMapped).count
        try #require(mapped >= 12, "\(mapped) of 16 one-megabyte buffers mapped")
        let small = try #require(malloc(64 << 10))
        defer { free(small) }
        try #require(!Self.isMapped(small))
        let marker = try #require(ProcessInfo.processInfo.environment[Self.childVariable])
        try #require(FileManager.default.createFile(atPath: marker, contents: Data("ok".utf8)))
    }
}
#endif
