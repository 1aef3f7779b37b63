import Foundation
import NIOHTTP1
import PageReel

/// `GET /frame/N.png|.webp|.jpg?width=W[&locale=CODE][&target=NAME]`: frame N of the deck's last
/// good version at width W (the canvas's width without it), from the cache or rendered.
struct FrameRequest: Sendable {
    let frame: Int
    let format: Preview.Format
    let width: Int?
    let locale: String?
    let target: String?
    /// `device=off`: without the device frame.
    let device: Bool

    /// The request for `path`, or nil when the path is not a frame's.
    init?(path: String, query: [String: String]) {
        let prefix = "/frame/"
        guard path.hasPrefix(prefix) else { return nil }
        let name = path.dropFirst(prefix.count)
        guard let dot = name.lastIndex(of: "."), let format = Preview.Format(rawValue: String(name[name.index(after: dot)...])),
              let frame = Int(name[..<dot]), frame >= 0, name[..<dot].allSatisfy(\.isASCII) else { return nil }
        self.frame = frame
        self.format = format
        width = query["width"].map { Int($0) ?? -1 }
        locale = query["locale"].flatMap { $0.isEmpty ? nil : $0 }
        target = query["target"].flatMap { $0.isEmpty ? nil : $0 }
        device = query["device"] != "off"
    }

    func response(server: StudioServer) -> StudioResponse {
        var target: Target?
        if let name = self.target {
            guard let named = Target.named(name) else { return .text(.badRequest, "target=\(name): no such target") }
            target = named
        }
        if let width, !(16...7680).contains(width) {
            return .text(.badRequest, "width=\(width): expected a number of pixels in 16…7680")
        }
        let found: (generation: Int, preview: Preview)?
        do throws(PageReelError) {
            found = try server.deck.preview(locale: locale, target: target, device: device)
        } catch {
            return .text(.badRequest, error.description)
        }
        guard let (generation, preview) = found else {
            let snapshot = server.deck.snapshot
            if snapshot.loaded == nil {
                return .text(.serviceUnavailable, "the deck has not loaded yet: " + (snapshot.errors.first ?? "no version"))
            }
            return .text(.notFound, "locale=\(locale ?? ""): the deck has no such locale (it has "
                + (snapshot.loaded?.codes.joined(separator: ", ") ?? "") + ")")
        }
        guard frame < preview.frameCount else {
            return .text(.notFound, "frame \(frame): the video's frames are 0-\(preview.frameCount - 1)")
        }
        let width = width ?? preview.project.deck.canvas.width
        let key = FrameCache.Key(generation: generation, locale: preview.project.deck.locale ?? "", fps: preview.fps,
                                 device: device, width: width, frame: frame, format: format.rawValue)
        let bytes: [UInt8]
        if let cached = server.cache.bytes(for: key) {
            bytes = cached
        } else {
            do throws(PageReelError) {
                bytes = try preview.image(frame: frame, width: width, format: format)
            } catch {
                if case .usage = error { return .text(.badRequest, error.description) }
                return .text(.internalServerError, error.description)
            }
            server.cache.store(bytes, for: key)
        }
        var response = StudioResponse(status: .ok, type: format.mediaType, body: bytes)
        response.headers.add(name: "X-Pagereel-Generation", value: String(generation))
        response.headers.add(name: "X-Pagereel-Frame", value: String(frame))
        return response
    }
}
