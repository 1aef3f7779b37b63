import CShims

/// Where frame-sized buffers live. Process-wide by nature.
public enum FrameMemory {
    /// The size from which buffers are mapped one by one (`M_MMAP_THRESHOLD`).
    public static let mappedFrom = 1 << 20

    /// Maps buffers of a megabyte or more — frames, page textures, decoded images, the encoders'
    /// pictures — one by one, so that freeing one gives its memory back to the system.
    ///
    /// glibc does that by default only until the first such buffer is freed: it then raises its
    /// threshold to that buffer's size, and later frames and textures come from the heap, where
    /// freed ones stay resident between the live ones. With the threshold fixed, an MP4 export of the
    /// bench deck peaks 22 MiB lower at 1080p and 32 MiB lower at 4K, at the same speed. The
    /// `pagereel` command calls it first thing; a program using the library may too.
    public static func returnLargeBuffers() {
        _ = pr_malloc_map_from(Int32(mappedFrom))
    }
}
