/// The version of pagereel: what `pagereel --version` prints and what every MP4 it writes records,
/// so shards rendered by different versions (which may draw differently) are never joined.
public enum PageReelVersion {
    /// The version, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
