import Foundation
import NIOCore
import NIOHTTP1
import PageReel

/// One connection's requests: the guards (method, Host, token, size), then the API's paths. Frames
/// render on the server's thread pool and are written from there; everything else is answered
/// on the event loop.
final class StudioHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: StudioServer
    private var head: HTTPRequestHead?
    private var bodyBytes = 0
    /// The connection carries `/events`: it stays open and idle.
    private var streaming = false

    init(server: StudioServer) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            head = request
            bodyBytes = 0
        case .body(let chunk):
            bodyBytes += chunk.readableBytes
        case .end:
            guard let request = head else { return }
            head = nil
            // The API reads no bodies.
            if bodyBytes > 0 {
                respond(StudioResponse.text(.payloadTooLarge, "the studio's requests have no body"), to: request,
                        on: context.channel, close: true)
                return
            }
            handle(request, context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent, !streaming {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// A request NIO could not parse has had its 400 (HTTPServerProtocolErrorHandler); the
    /// connection ends here rather than at the idle timeout.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    private func handle(_ request: HTTPRequestHead, context: ChannelHandlerContext) {
        let channel = context.channel
        let route = StudioRoute(request)
        if let refusal = StudioGuard(server: server).refusal(request, route: route) {
            respond(refusal, to: request, on: channel, close: false)
            return
        }
        switch route.path {
        case "/":
            var response = StudioResponse(status: .ok, type: "text/html; charset=utf-8", body: Array(StudioPage.html.utf8))
            response.headers.add(name: "Content-Security-Policy", value: StudioPage.contentSecurityPolicy)
            if route.query["token"] == server.token {
                response.headers.add(name: "Set-Cookie", value: "\(StudioGuard.cookie(port: server.port))=\(server.token); "
                    + "Path=/; HttpOnly; SameSite=Strict")
            }
            respond(response, to: request, on: channel, close: false)
        case "/deck":
            let server = self.server
            let future = server.pool.runIfActive(eventLoop: context.eventLoop) { () -> StudioResponse in
                StudioDeckEndpoint(server: server).response(query: route.query)
            }
            reply(future, to: request, on: channel)
        case "/events":
            streaming = true
            startStream(request, on: channel)
        default:
            guard let frame = FrameRequest(path: route.path, query: route.query) else {
                respond(.text(.notFound, "no such path; the studio serves /, /deck, /events and /frame/N.png|.webp|.jpg"),
                        to: request, on: channel, close: false)
                return
            }
            let server = self.server
            let future = server.pool.runIfActive(eventLoop: context.eventLoop) { () -> StudioResponse in
                // The page seeked on and cancelled this one: nothing to render it for.
                guard channel.isActive else { return .text(.serviceUnavailable, "cancelled") }
                return frame.response(server: server)
            }
            reply(future, to: request, on: channel)
        }
    }

    private func reply(_ future: EventLoopFuture<StudioResponse>, to request: HTTPRequestHead, on channel: any Channel) {
        future.whenComplete { result in
            let response = (try? result.get()) ?? .text(.internalServerError, "the studio is stopping")
            StudioHandler.write(response, to: request, on: channel, close: false)
        }
    }

    private func respond(_ response: StudioResponse, to request: HTTPRequestHead, on channel: any Channel, close: Bool) {
        StudioHandler.write(response, to: request, on: channel, close: close)
    }

    /// Writes a whole response from any thread; the connection closes after it unless the client
    /// keeps it alive.
    static func write(_ response: StudioResponse, to request: HTTPRequestHead, on channel: any Channel, close: Bool) {
        guard channel.isActive else { return }
        let keepAlive = request.isKeepAlive && !close
        var headers = response.headers
        headers.replaceOrAdd(name: "Content-Type", value: response.type)
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: request.version, status: response.status, headers: headers)
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        if request.method != .HEAD {
            channel.write(HTTPServerResponsePart.body(.byteBuffer(channel.allocator.buffer(bytes: response.body))), promise: nil)
        }
        let done = channel.writeAndFlush(HTTPServerResponsePart.end(nil))
        if !keepAlive { done.whenComplete { _ in channel.close(promise: nil) } }
    }

    /// `/events`: a stream of server-sent events, first `hello` with the generation now (a page
    /// that reconnects after a change it missed reloads on it).
    private func startStream(_ request: HTTPRequestHead, on channel: any Channel) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        let head = HTTPResponseHead(version: request.version, status: .ok, headers: headers)
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        let hello = "retry: 500\nevent: hello\ndata: \(StudioJSON.reload(server.deck.snapshot))\n\n"
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(channel.allocator.buffer(string: hello))), promise: nil)
        server.streams.add(channel)
    }
}

/// A response, whole.
struct StudioResponse: Sendable {
    var status: HTTPResponseStatus
    var type: String
    var body: [UInt8]
    var headers = HTTPHeaders()

    init(status: HTTPResponseStatus, type: String, body: [UInt8]) {
        self.status = status
        self.type = type
        self.body = body
    }

    /// A plain-text message, one line.
    static func text(_ status: HTTPResponseStatus, _ message: String) -> StudioResponse {
        StudioResponse(status: status, type: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    static func json(_ text: String) -> StudioResponse {
        StudioResponse(status: .ok, type: "application/json", body: Array(text.utf8))
    }
}

/// A request's path and query, percent-decoded.
struct StudioRoute: Sendable {
    var path: String
    var query: [String: String]

    init(_ request: HTTPRequestHead) {
        let components = URLComponents(string: request.uri)
        path = components?.path ?? ""
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] where query[item.name] == nil {
            query[item.name] = item.value ?? ""
        }
        self.query = query
    }
}

/// The checks every request passes before its path is looked at.
struct StudioGuard {
    let server: StudioServer
    /// Longer request targets are refused (the API's are short).
    static let maxURILength = 2048

    /// The cookie the token is kept in; named by port, as browsers share cookies between ports.
    static func cookie(port: Int) -> String { "pagereel-studio-\(port)" }

    func refusal(_ request: HTTPRequestHead, route: StudioRoute) -> StudioResponse? {
        if request.uri.utf8.count > StudioGuard.maxURILength {
            return .text(.uriTooLong, "the request's path is longer than \(StudioGuard.maxURILength) bytes")
        }
        guard request.method == .GET || request.method == .HEAD else {
            var response = StudioResponse.text(.methodNotAllowed, "the studio answers GET only")
            response.headers.add(name: "Allow", value: "GET, HEAD")
            return response
        }
        if let hosts = server.hosts {
            let host = request.headers.first(name: "Host")?.lowercased() ?? ""
            guard hosts.contains(host) else {
                return .text(.forbidden, "the Host header does not name this studio's address "
                    + "(start it with --host to serve another name)")
            }
        }
        guard hasToken(request, route: route) else {
            return .text(.forbidden, "open the address `pagereel studio` printed, with its token")
        }
        return nil
    }

    private func hasToken(_ request: HTTPRequestHead, route: StudioRoute) -> Bool {
        if let given = route.query["token"] { return StudioGuard.same(given, server.token) }
        let name = StudioGuard.cookie(port: server.port)
        for header in request.headers[canonicalForm: "Cookie"] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == name, StudioGuard.same(parts[1], server.token) { return true }
            }
        }
        return false
    }

    /// Compares in time that depends on the length only.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
