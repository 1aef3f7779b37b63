import Foundation
import Glibc

/// A raw HTTP/1.1 client over a loopback socket: sends exactly the bytes a test writes (any Host
/// header, a body, junk) and reads the response as the server sent it.
struct HTTPProbe {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int

    /// An open connection, read as bytes arrive.
    final class Connection {
        let fd: Int32
        var received: [UInt8] = []

        init(port: Int, timeout seconds: Int = 20) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw Failure(description: "socket failed") }
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { close(fd); throw Failure(description: "connect to port \(port) failed") }
        }

        deinit { close(fd) }

        func send(_ text: String) throws {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard n > 0 else { throw Failure(description: "send failed") }
                sent += n
            }
        }

        /// Reads once; false at the end of the stream or on the timeout.
        @discardableResult
        func readSome() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return false }
            received += buffer[0..<n]
            return true
        }

        /// Reads until the text received so far contains `marker`; false if it does not within
        /// `seconds` (an event stream's heartbeats keep each read from timing out).
        func read(until marker: String, within seconds: Double = 30) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !String(decoding: received, as: UTF8.self).contains(marker) {
                guard Date() < deadline, readSome() else { return false }
            }
            return true
        }

        func readToEnd() { while readSome() {} }
    }

    /// Sends `raw` as is on a new connection and reads until the server closes it.
    func raw(_ raw: String) throws -> Response {
        let connection = try Connection(port: port)
        try connection.send(raw)
        connection.readToEnd()
        return try HTTPProbe.parse(connection.received)
    }

    /// A GET of `target` with `Connection: close`, a Host of the served address unless given.
    func get(_ target: String, host: String? = nil, headers: [String: String] = [:]) throws -> Response {
        var text = "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return try raw(text + "\r\n")
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0...max(0, bytes.count - 4)).first(where: { bytes.count >= 4 && Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw Failure(description: "no response head in \(bytes.count) bytes")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if let length = headers["content-length"].flatMap(Int.init), body.count > length { body = Array(body.prefix(length)) }
        return Response(status: status, headers: headers, body: body)
    }
}
