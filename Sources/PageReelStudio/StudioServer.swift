import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import PageReel
import Synchronization

/// `pagereel studio`: serves a deck's frames, its timeline and a page that plays them, and tells
/// the page when the deck or a file it names changes.
///
/// One event loop answers requests; frames render on a pool of threads (the cores), so a render
/// never holds up a request, and a render whose request went away (the page seeked on and
/// cancelled it) is skipped. Every request needs the run's token (query, then cookie) and, on a
/// loopback address, a Host header naming that address (DNS rebinding).
public final class StudioServer: Sendable {
    public let options: StudioOptions
    /// The random secret every request must carry.
    public let token: String
    /// The port it listens on (the system's pick for `--port 0`).
    public let port: Int
    let deck: StudioDeck
    let cache: FrameCache
    let streams = EventStreams()
    /// Host header values accepted; nil accepts any (a wildcard address: the token guards).
    let hosts: Set<String>?
    private let group: MultiThreadedEventLoopGroup
    let pool: NIOThreadPool
    private let channel: any Channel
    private let watcher: FileWatcher
    private let connections = ConnectionCount()
    /// The heartbeat that keeps idle event streams open through proxies.
    private let heartbeat: Mutex<RepeatedTask?> = Mutex(nil)

    /// Loads the deck and starts listening; a deck that does not load is served with its errors
    /// (the page shows them until it is fixed). Throws when the address cannot be bound.
    public init(options: StudioOptions) throws(PageReelError) {
        self.options = options
        token = StudioServer.randomToken()
        deck = StudioDeck(options: options)
        cache = FrameCache(budget: options.cacheBytes)
        // A deck that is not there or options it cannot take end the studio at once; a deck
        // with mistakes is served with them.
        if let error = deck.reloadReporting().error {
            switch error {
            case .inputMissing(let path, _) where path == options.deck: throw error
            case .usage: throw error
            default: break
            }
        }
        if let code = options.locale, let loaded = deck.snapshot.loaded, loaded.project(code) == nil {
            let codes = loaded.codes.filter { !$0.isEmpty }
            throw .usage("--locale \(code): " + (codes.isEmpty ? "the deck has no locales" : "the deck has \(codes.joined(separator: ", "))"))
        }
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        pool = NIOThreadPool(numberOfThreads: max(1, options.renderThreads))
        pool.start()
        let connections = self.connections
        let limit = options.maxConnections
        // The handlers need the server, which exists only once bound: they reach it through this box.
        let box = ServerBox()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 128)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)   // IPPROTO_TCP: at SOL_SOCKET, 1 is SO_DEBUG, refused to non-root users
            .childChannelInitializer { channel in
                guard let server = box.server, connections.admit(limit: limit) else { return channel.close() }
                channel.closeFuture.whenComplete { _ in connections.leave() }
                return channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(IdleStateHandler(readTimeout: .seconds(60)))
                    try sync.configureHTTPServerPipeline(withErrorHandling: true)
                    try sync.addHandler(StudioHandler(server: server))
                }
            }
        do {
            channel = try bootstrap.bind(host: options.host, port: options.port).wait()
        } catch {
            try? pool.syncShutdownGracefully()
            try? group.syncShutdownGracefully()
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw .usage("--host \(options.host) --port \(options.port): cannot listen there: \(reason)")
        }
        port = channel.localAddress?.port ?? options.port
        hosts = StudioServer.hosts(for: options.host, port: port)
        let deck = self.deck, cache = self.cache, streams = self.streams
        watcher = FileWatcher(interval: options.pollInterval, files: { deck.watched }) {
            let snapshot = deck.reload()
            // A broken version keeps the frames of the last good one.
            if snapshot.errors.isEmpty { cache.clear() }
            streams.send(event: "reload", data: StudioJSON.reload(snapshot))
        }
        box.set(self)
        watcher.start()
        heartbeat.withLock { [streams] in
            $0 = group.next().scheduleRepeatedTask(initialDelay: .seconds(15), delay: .seconds(15)) { _ in
                streams.send(comment: "ping")
            }
        }
    }

    /// The address to open, with the token.
    public var url: String {
        let host = options.host == "0.0.0.0" || options.host == "::" ? "127.0.0.1" : options.host
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/?token=\(token)"
    }

    /// Stops listening, ends the event streams and the watcher, and waits for the threads.
    public func stop() {
        watcher.stop()
        heartbeat.withLock { $0?.cancel() }
        streams.closeAll()
        try? channel.close().wait()
        try? pool.syncShutdownGracefully()
        try? group.syncShutdownGracefully()
    }

    /// The Host header values of a served address: loopback answers to its names; a named
    /// address to itself; a wildcard address to any (nil), since the page may be opened by any of
    /// the machine's names.
    static func hosts(for host: String, port: Int) -> Set<String>? {
        let loopback = ["127.0.0.1", "localhost", "[::1]"]
        switch host {
        case "0.0.0.0", "::": return nil
        case "127.0.0.1", "localhost", "::1": return Set(loopback.map { "\($0):\(port)" })
        default:
            let named = host.contains(":") ? "[\(host)]" : host
            return Set((loopback + [named]).map { "\($0):\(port)" })
        }
    }

    /// 128 random bits as hex, from the system's generator.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
    }
}

/// The connections open now, within a limit.
private final class ConnectionCount: Sendable {
    private let count = Mutex(0)

    /// Counts one more, unless `limit` are open.
    func admit(limit: Int) -> Bool {
        count.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func leave() { count.withLock { $0 -= 1 } }
}

/// The server, once made, for the handlers of connections accepted while it is set up.
private final class ServerBox: Sendable {
    private let value = Mutex<StudioServer?>(nil)
    var server: StudioServer? { value.withLock { $0 } }
    func set(_ server: StudioServer) { value.withLock { $0 = server } }
}

/// The open `/events` streams, written to from any thread.
final class EventStreams: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    func add(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        channels.withLock { $0[id] = channel }
        channel.closeFuture.whenComplete { [self] _ in _ = channels.withLock { $0.removeValue(forKey: id) } }
    }

    var count: Int { channels.withLock { $0.count } }

    func send(event: String, data: String) {
        write("event: \(event)\ndata: \(data)\n\n")
    }

    func send(comment: String) {
        write(": \(comment)\n\n")
    }

    private func write(_ text: String) {
        for channel in channels.withLock({ Array($0.values) }) {
            let buffer = channel.allocator.buffer(string: text)
            channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer)), promise: nil)
        }
    }

    func closeAll() {
        for channel in channels.withLock({ Array($0.values) }) {
            channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
            channel.close(promise: nil)
        }
    }
}

extension StudioServer {
    /// What to say on stderr at start: the deck's errors (the page shows them too) and warnings.
    public var startupMessages: [String] {
        let snapshot = deck.snapshot
        return snapshot.errors + snapshot.warnings
    }
}
