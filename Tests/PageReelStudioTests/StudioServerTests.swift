import Foundation
import Glibc
import PageReel
import PageReelTestSupport
import Testing
@testable import PageReelStudio

/// The studio's server on loopback, driven by raw HTTP: its guards, every endpoint, bad requests,
/// reloading on a save.
@Suite(.serialized)
struct StudioServerTests {
    static let appStore = Repository.root() + "/Samples/app-store/deck.json"

    /// A small deck of coloured pages with a title, written to `folder`.
    static func writeDeck(in folder: URL, title: String = "Hello", extra: String = "") throws -> String {
        let json = """
        {
          "pagereel": 1,
          "canvas": { "width": 320, "height": 240, "fps": 10, "background": "#101418" },
          "pages": [
            { "background": "#FF6B6B", "title": "\(title)" },
            { "background": "#4ECDC4", "title": "Two" }\(extra)
          ],
          "script": [ { "wait": 0.3 }, { "swipe": "next" }, { "wait": 0.2 } ]
        }
        """
        let path = folder.appendingPathComponent("deck.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `body` with a studio on a free loopback port.
    static func withServer(_ deck: String, configure: (inout StudioOptions) -> Void = { _ in },
                           _ body: (StudioServer, HTTPProbe) throws -> Void) throws {
        var options = StudioOptions(deck: deck)
        options.port = 0
        options.pollInterval = 0.05
        configure(&options)
        let server = try StudioServer(options: options)
        defer { server.stop() }
        try body(server, HTTPProbe(port: server.port))
    }

    static func json(_ response: HTTPProbe.Response) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func everyRequestNeedsTheToken() throws {
        try Self.withServer(Self.appStore) { server, http in
            #expect(server.url == "http://127.0.0.1:\(server.port)/?token=\(server.token)")
            #expect(server.token.count == 32)
            for path in ["/", "/deck", "/events", "/frame/0.png"] {
                #expect(try http.get(path).status == 403, "\(path) without a token")
                #expect(try http.get(path + "?token=0123").status == 403, "\(path) with a wrong token")
            }
            let page = try http.get("/?token=\(server.token)")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("window.studio"))
            let cookie = try #require(page.headers["set-cookie"])
            #expect(cookie.hasPrefix("pagereel-studio-\(server.port)=\(server.token);"))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            // The cookie alone lets the page's own requests through; another port's does not.
            let pair = String(cookie.prefix { $0 != ";" })
            #expect(try http.get("/deck", headers: ["Cookie": "theme=dark; " + pair]).status == 200)
            #expect(try http.get("/deck", headers: ["Cookie": "pagereel-studio-1=\(server.token)"]).status == 403)
        }
    }

    @Test func theHostMustBeTheServedAddress() throws {
        try Self.withServer(Self.appStore) { server, http in
            let query = "/deck?token=\(server.token)"
            for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "LOCALHOST:\(server.port)"] {
                #expect(try http.get(query, host: host).status == 200, "Host \(host)")
            }
            // DNS rebinding: a hostile name that resolves to 127.0.0.1 carries its own Host.
            for host in ["evil.example:\(server.port)", "127.0.0.1:1", "127.0.0.1"] {
                let response = try http.get(query, host: host)
                #expect(response.status == 403, "Host \(host)")
                #expect(response.text.contains("Host header"))
            }
        }
        // A wildcard address answers to any of the machine's names; the token still guards.
        try Self.withServer(Self.appStore, configure: { $0.host = "0.0.0.0" }) { (server: StudioServer, http: HTTPProbe) throws in
            #expect(try http.get("/deck?token=\(server.token)", host: "192.0.2.7:7300").status == 200)
            #expect(try http.get("/deck", host: "192.0.2.7:7300").status == 403)
        }
    }

    @Test func badRequestsAreRefused() throws {
        try Self.withServer(Self.appStore) { server, http in
            let token = "token=\(server.token)"
            let host = "Host: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
            #expect(try http.raw("POST /deck?\(token) HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n").status == 405)
            #expect(try http.raw("GET /deck?\(token) HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello").status == 413)
            #expect(try http.get("/deck?\(token)&pad=" + String(repeating: "x", count: 3000)).status == 414)
            #expect(try http.raw("this is not HTTP\r\n\r\n").status == 400)
            #expect(try http.get("/etc/passwd?\(token)").status == 404)
            #expect(try http.get("/frame/../deck.json?\(token)").status == 404)
            #expect(try http.get("/frame/abc.png?\(token)").status == 404)
            #expect(try http.get("/frame/1.gif?\(token)").status == 404)
            let past = try http.get("/frame/528.png?\(token)")
            #expect(past.status == 404)
            #expect(past.text.contains("0-527"))
            #expect(try http.get("/frame/527.png?\(token)&width=200").status == 200)
            #expect(try http.get("/frame/0.png?\(token)&width=8").status == 400)
            #expect(try http.get("/frame/0.png?\(token)&width=abc").status == 400)
            #expect(try http.get("/frame/0.png?\(token)&locale=fr").status == 404)
            #expect(try http.get("/frame/0.png?\(token)&target=nowhere").status == 400)
            // Headers past NIO's 80 KiB limit end the connection with 400.
            let huge = try http.get("/deck?\(token)", headers: ["X-Pad": String(repeating: "y", count: 90_000)])
            #expect(huge.status == 400 || huge.status == 431)
        }
    }

    @Test func theDeckEndpointDescribesTheVideo() throws {
        let project = try Project.load(Self.appStore)
        try Self.withServer(Self.appStore) { server, http in
            let deck = try Self.json(try http.get("/deck?token=\(server.token)"))
            #expect(deck["frames"] as? Int == 528)
            #expect(deck["fps"] as? Int == 30)
            #expect(deck["width"] as? Int == project.deck.canvas.width)
            #expect(deck["height"] as? Int == project.deck.canvas.height)
            #expect(abs((deck["seconds"] as? Double ?? 0) - 17.57) < 0.01)
            #expect(deck["generation"] as? Int == 1)
            #expect((deck["errors"] as? [String])?.isEmpty == true)
            #expect(deck["locales"] as? [String] == ["en", "ar"])
            let steps = try #require(deck["steps"] as? [[String: Any]])
            #expect(steps.count == project.deck.script.count)
            #expect(steps.map { $0["kind"] as? String } == ["wait", "swipe", "wait", "swipe", "wait", "hint", "wait", "jump"])
            // A step begins where the previous one's time ran out: 3 s of wait, then the swipe.
            #expect(steps[1]["frame"] as? Int == 90)
            // The page events are `pagereel timeline --events`' own.
            let events = try #require(deck["events"] as? [[String: Any]])
            let cli = try TimelineReport(project: project).eventLines().split(separator: "\n").compactMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(events.map { "\($0["frame"]!) \($0["page"]!) \($0["event"]!)" }
                == cli.map { "\($0["frame"]!) \($0["page"]!) \($0["event"]!)" })
            // A target's frame rate renumbers the frames.
            let capped = try Self.json(try http.get("/deck?token=\(server.token)&target=appstore-iphone"))
            #expect(capped["target"] as? String == "appstore-iphone")
            #expect(capped["fps"] as? Int == 30)
        }
    }

    @Test(arguments: [(40, "en"), (300, "ar")])
    func aPNGIsTheStillsBytes(frame: Int, locale: String) throws {
        try ScratchFolder.with { folder in
            let project = try Project.load(Self.appStore, locale: locale)
            let path = folder.appendingPathComponent("still.png").path
            try Still(instant: .frame(frame), size: (540, 1170)).write(project, to: path)
            try Self.withServer(Self.appStore) { server, http in
                let response = try http.get("/frame/\(frame).png?width=540&locale=\(locale)&token=\(server.token)")
                #expect(response.status == 200)
                #expect(response.headers["content-type"] == "image/png")
                #expect(response.headers["x-pagereel-frame"] == String(frame))
                #expect(response.body == [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
                // From the cache the second time: the same bytes.
                #expect(try http.get("/frame/\(frame).png?width=540&locale=\(locale)&token=\(server.token)").body == response.body)
            }
        }
    }

    @Test func lossyFramesAreThePicture() throws {
        try ScratchFolder.with { folder in
            try Self.withServer(Self.appStore) { server, http in
                var decoded: [String: [UInt8]] = [:]
                for format in ["png", "jpg", "webp"] {
                    let response = try http.get("/frame/120.\(format)?width=432&token=\(server.token)")
                    #expect(response.status == 200)
                    let path = try ScratchFolder.write(response.body, named: "f.\(format)", in: folder)
                    let probe = try Probe(path)
                    #expect(probe.width == 432 && probe.height == 936)
                    decoded[format] = try Probe.decodeRGB(path)
                }
                #expect(try http.get("/frame/120.jpg?width=432&token=\(server.token)").headers["content-type"] == "image/jpeg")
                let png = try #require(decoded["png"])
                #expect(AnimatedImage.psnr(png, try #require(decoded["jpg"])) > 32)
                #expect(AnimatedImage.psnr(png, try #require(decoded["webp"])) > 32)
            }
        }
    }

    @Test func aSaveReloadsAndAnInvalidDeckKeepsItsLastFrames() throws {
        try ScratchFolder.with { folder in
            let deck = try Self.writeDeck(in: folder, title: "Hello")
            try Self.withServer(deck) { server, http in
                let token = "token=\(server.token)"
                let before = try http.get("/frame/2.png?\(token)").body
                let stream = try HTTPProbe.Connection(port: server.port)
                try stream.send("GET /events?\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
                #expect(stream.read(until: "event: hello"))
                #expect(String(decoding: stream.received, as: UTF8.self).contains("text/event-stream"))

                _ = try Self.writeDeck(in: folder, title: "Changed")
                #expect(stream.read(until: "event: reload\ndata: {\"errors\":[],\"generation\":2}"))
                let after = try http.get("/frame/2.png?\(token)")
                #expect(after.headers["x-pagereel-generation"] == "2")
                #expect(after.body != before)

                // A typo: every error as validate prints it, with its line; the last good frames stay.
                let broken = try String(contentsOfFile: deck, encoding: .utf8).replacingOccurrences(of: "\"title\": \"Two\"",
                                                                                              with: "\"titel\": \"Two\"")
                try Data(broken.utf8).write(to: URL(fileURLWithPath: deck))
                #expect(stream.read(until: "\"generation\":3"))
                let state = try Self.json(try http.get("/deck?\(token)"))
                let errors = try #require(state["errors"] as? [String])
                #expect(errors == ["\(deck):6:32: pages[1].titel: unknown key (did you mean \"title\"?)"])
                #expect(state["generation"] as? Int == 3)
                #expect(state["loadedGeneration"] as? Int == 2)
                #expect(try http.get("/frame/2.png?\(token)").body == after.body)

                _ = try Self.writeDeck(in: folder, title: "Fixed")
                #expect(stream.read(until: "\"generation\":4"))
                let fixed = try Self.json(try http.get("/deck?\(token)"))
                #expect((fixed["errors"] as? [String])?.isEmpty == true)
                #expect(fixed["loadedGeneration"] as? Int == 4)
            }
        }
    }

    @Test func aFileTheDeckNamesIsWatched() throws {
        try ScratchFolder.with { folder in
            let image = folder.appendingPathComponent("shot.png").path
            let red = Pixmap(width: 32, height: 32, straightRGBA: [UInt8](repeating: 0, count: 32 * 32 * 4).enumerated().map { $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0 })
            try Still.writePNG(red, to: image)
            let deck = try Self.writeDeck(in: folder, extra: ", { \"image\": \"shot.png\" }")
            try Self.withServer(deck) { server, http in
                let stream = try HTTPProbe.Connection(port: server.port)
                try stream.send("GET /events?token=\(server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
                #expect(stream.read(until: "event: hello"))
                // An editor's save: a new file renamed over the old one.
                let blue = Pixmap(width: 32, height: 32, straightRGBA: [UInt8](repeating: 0, count: 32 * 32 * 4).enumerated().map { $0.offset % 4 >= 2 ? 255 : 0 })
                let temporary = folder.appendingPathComponent(".shot.png.tmp").path
                try Still.writePNG(blue, to: temporary)
                #expect(rename(temporary, image) == 0)
                #expect(stream.read(until: "\"generation\":2"))
            }
        }
    }

    @Test func connectionsAreBounded() throws {
        try Self.withServer(Self.appStore, configure: { $0.maxConnections = 2 }) { server, http in
            let first = try HTTPProbe.Connection(port: server.port)
            let second = try HTTPProbe.Connection(port: server.port)
            try first.send("GET /deck?token=\(server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            #expect(first.read(until: "\"frames\""))
            // The third is closed on arrival, answered nothing.
            let third = try HTTPProbe.Connection(port: server.port, timeout: 5)
            try? third.send("GET /deck?token=\(server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            third.readToEnd()
            #expect(third.received.isEmpty)
            _ = second
        }
    }

    @Test func aMissingDeckEndsTheStudio() throws {
        var options = StudioOptions(deck: "/nonexistent/deck.json")
        options.port = 0
        #expect(throws: PageReelError.self) { try StudioServer(options: options) }
    }
}
