#if canImport(Glibc)
import Glibc
import Testing
@testable import PageReel

/// Large buffers stay mapped one by one after the first is freed, so freeing gives memory back.
@Suite struct FrameMemoryTests {
    /// Whether glibc mapped the chunk at `pointer` by itself: bit 1 (IS_MMAPPED) of the size word
    /// it keeps just before every chunk it hands out.
    static func isMapped(_ pointer: UnsafeMutableRawPointer) -> Bool {
        pointer.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 2 != 0
    }

    /// By default glibc would serve the second 8 MiB buffer from the heap (its threshold rises to
    /// 8 MiB when the first is freed); with the threshold fixed it is mapped again, as is every
    /// buffer from a megabyte up, while smaller ones stay in the heap.
    @Test func buffersFromAMegabyteAreMappedEvenAfterOneIsFreed() throws {
        FrameMemory.returnLargeBuffers()
        let size = 8 << 20
        let first = try #require(malloc(size))
        #expect(Self.isMapped(first))
        free(first)
        let second = try #require(malloc(size))
        defer { free(second) }
        #expect(Self.isMapped(second))
        let justAbove = try #require(malloc(FrameMemory.mappedFrom))
        defer { free(justAbove) }
        #expect(Self.isMapped(justAbove))
        let small = try #require(malloc(64 << 10))
        defer { free(small) }
        #expect(!Self.isMapped(small))
    }
}
#endif
