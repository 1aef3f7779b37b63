import PageReel

/// What `pagereel studio` was asked to serve, and how.
public struct StudioOptions: Sendable {
    /// The deck file, as the user named it (messages say it so).
    public var deck: String
    /// The address to listen on; loopback unless the user names another.
    public var host: String = "127.0.0.1"
    /// The port; 0 lets the system pick a free one.
    public var port: Int = 7300
    /// The locale the page opens in (nil: the deck's first).
    public var locale: String?
    /// The target the page opens with (its frame rate, its checks).
    public var target: Target?
    public var transition: TransitionSpec?
    public var fps: Int?
    /// Folders the deck may also read from, as `--allow-path` gives them.
    public var allowed: [String] = []
    /// How often the deck and its files are looked at, in seconds.
    public var pollInterval: Double = 0.15
    /// Bytes of encoded frames kept for seeks back and replays.
    public var cacheBytes: Int = 96 << 20
    /// Connections served at once; more are closed on arrival.
    public var maxConnections: Int = 64
    /// Threads that render frames (the cores, by default).
    public var renderThreads: Int = StudioOptions.cores

    public init(deck: String) {
        self.deck = deck
    }

    /// The cores this process may run on.
    public static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

import Foundation
