import Dispatch
import Foundation
import PageReelDeck
import Synchronization

/// Checks that the images, recordings and sounds a deck names exist and are usable, before
/// rendering starts (fonts and text are `TextChecker`'s).
///
/// Every file is opened through `InputRoots`, so one outside the allowed folders, or one that is
/// not a regular file, is refused before anything of it is read.
///
/// Each distinct file is checked once (a template deck of a million pages usually names a handful).
/// The first images are decoded in full, later ones checked from their header only: the format,
/// and the size limit. Every recording is opened and its first frame decoded, so a file that is
/// not a video, has no video stream or does not decode is reported with FFmpeg's reason; its
/// audio track, when recordings play theirs, and every music and touch sound file likewise.
public struct InputChecker: Sendable {
    /// Where the deck's files may come from, and the folder relative paths resolve against.
    public let inputs: InputRoots

    public init(inputs: InputRoots) { self.inputs = inputs }

    /// What checking found: the problems, and the displayed size of every usable image and
    /// recording, by absolute path (`InputRoots.absolute(_:)`).
    public struct Report: Sendable {
        public var issues: [DeckIssue]
        public var sizes: [String: PixelSize]
    }

    /// Every problem with the files `deck` names, each at the JSON path naming it first.
    public func issues(in deck: Deck) -> [DeckIssue] { check(deck).issues }

    /// Every problem with the files `deck` names, and the sizes of those that are usable.
    public func check(_ deck: Deck) -> Report {
        var sizes: [String: PixelSize] = [:]
        var checked = Set<String>()
        /// The usable recordings' durations.
        var durations: [String: Double] = [:]
        var issues: [DeckIssue?] = []
        /// Images to decode in full once every header is read, each with its slot in `issues`.
        var decodes: [Decode] = []
        func image(_ full: String, path: String, at location: String, page: Int?) {
            // A path as the deck wrote it; a pathological one is shortened in messages.
            let shown = MessageText.safe(path, limit: 200)
            let size: Int
            let file: InputFile
            switch header(path, shown: shown, at: location) {
            case .issue(let issue):
                issues.append(issue.onPage(page))
                return
            case .size(let width, let height, let opened):
                size = width * height
                sizes[full] = PixelSize(width: width, height: height)
                file = opened
            }
            guard decodes.count < InputChecker.fullyDecodedImages else { return }
            decodes.append(Decode(full: full, file: file, shown: shown, location: location, page: page, pixels: size,
                                  slot: issues.count))
            issues.append(nil)
        }
        if case .image(let path, _) = deck.canvas.background {
            let full = inputs.absolute(path)
            checked.insert(full)
            image(full, path: path, at: "canvas.background.image", page: nil)
        }
        let pageCount: Int
        let isTemplate: Bool
        switch deck.pages {
        case .list(let pages):
            (pageCount, isTemplate) = (pages.count, false)
        case .template(let count, let template):
            // Page i names the files page i mod P does, P the period of the template's file names
            // ({i%6} repeats every 6 pages; without placeholders page 0 names them all).
            let paths = InputChecker.files(of: template).map(\.path)
            (pageCount, isTemplate) = (min(count, PageTemplate.period(of: paths, limit: count) ?? count), true)
        }
        for index in 0..<pageCount {
            let base = isTemplate ? "pages.template" : "pages[\(index)]"
            for file in InputChecker.files(of: deck.page(at: index)) {
                let full = inputs.absolute(file.path)
                // Each file is checked, and a bad one reported, once: at the first place naming it.
                guard checked.insert(full).inserted else { continue }
                let location = base + file.suffix
                guard file.isVideo else {
                    image(full, path: file.path, at: location, page: isTemplate ? index : nil)
                    continue
                }
                switch videoCheck(file.path, at: location, withAudio: deck.audio.recordings) {
                case .clip(let clip):
                    durations[full] = clip.duration
                    sizes[full] = PixelSize(width: clip.width, height: clip.height)
                case .issue(let issue):
                    issues.append(issue.onPage(isTemplate ? index : nil))
                }
            }
            for (suffix, video) in InputChecker.videos(of: deck.page(at: index)) where video.start > 0 {
                let full = inputs.absolute(video.file)
                guard let duration = durations[full], video.start >= duration else { continue }
                durations[full] = nil
                issues.append(DeckIssue(path: base + suffix + ".start", message: "\(Seconds.format(video.start)) s is at "
                    + "or past the end of \(MessageText.safe(video.file, limit: 200)) (\(Seconds.format(duration)) s long)"))
            }
        }
        for (location, path) in deck.audio.files {
            let shown = MessageText.safe(path, limit: 200)
            do {
                let stream = try AudioStream.check(try inputs.open(path))
                if location == "audio.music", let music = deck.audio.music, music.start > 0,
                   let duration = stream.declaredDuration, music.start >= duration {
                    issues.append(DeckIssue(path: location + ".start", message: "\(Seconds.format(music.start)) s is at or "
                        + "past the end of \(shown) (\(Seconds.format(duration)) s long)"))
                }
            } catch {
                issues.append(fileIssue(error, shown: shown, at: location))
            }
        }
        for (decode, issue) in zip(decodes, decodeIssues(decodes)) {
            issues[decode.slot] = issue
            if issue != nil { sizes[decode.full] = nil }
        }
        return Report(issues: issues.compactMap { $0 }, sizes: sizes)
    }

    /// An image to decode in full, and where its issue goes.
    private struct Decode: Sendable {
        var full: String
        var file: InputFile
        var shown: String
        var location: String
        /// The template page that names it first (for the message), nil for a page list.
        var page: Int?
        var pixels: Int
        var slot: Int
    }

    /// Images of up to this many pixels are decoded side by side on all cores; larger ones one
    /// at a time, so checking never holds more than one big image.
    static let parallelDecodePixels = 16_000_000

    /// Decodes the images in full (to find truncated or corrupt data before rendering starts):
    /// their issues, in the same order.
    private func decodeIssues(_ decodes: [Decode]) -> [DeckIssue?] {
        let results = Mutex([DeckIssue?](repeating: nil, count: decodes.count))
        @Sendable func check(_ k: Int) {
            let decode = decodes[k]
            do {
                try ImageDecoder.check(file: decode.file)
            } catch {
                let issue = fileIssue(error, shown: decode.shown, at: decode.location).onPage(decode.page)
                results.withLock { $0[k] = issue }
            }
        }
        let small = decodes.indices.filter { decodes[$0].pixels <= InputChecker.parallelDecodePixels }
        DispatchQueue.concurrentPerform(iterations: small.count) { check(small[$0]) }
        for k in decodes.indices where decodes[k].pixels > InputChecker.parallelDecodePixels { check(k) }
        return results.withLock { $0 }
    }

    /// The images and recordings a page names: JSON path suffix, path as written, and which it is.
    public static func files(of page: Page) -> [(suffix: String, path: String, isVideo: Bool)] {
        var files: [(suffix: String, path: String, isVideo: Bool)] = []
        if let image = page.image { files.append((".image", image, false)) }
        if let video = page.video { files.append((".video", video.file, true)) }
        for (k, layer) in page.layers.enumerated() {
            switch layer.content {
            case .image(let path): files.append((".layers[\(k)].image", path, false))
            case .video(let video): files.append((".layers[\(k)].video", video.file, true))
            case .text: break
            }
        }
        return files
    }

    /// The recordings a page names, with their JSON path suffix.
    public static func videos(of page: Page) -> [(suffix: String, video: Video)] {
        var videos: [(suffix: String, video: Video)] = []
        if let video = page.video { videos.append((".video", video)) }
        for (k, layer) in page.layers.enumerated() {
            if case .video(let video) = layer.content { videos.append((".layers[\(k)].video", video)) }
        }
        return videos
    }

    /// Opens a recording and decodes its first frame (and, `withAudio`, its audio track's first
    /// samples, if it has one): the clip, or why it is unusable.
    private func videoCheck(_ path: String, at location: String, withAudio: Bool) -> Recording {
        do {
            let file = try inputs.open(path)
            let clip = try VideoClip(file: file, maxPixels: ImageDecoder.maxPixels)
            if withAudio {
                do {
                    _ = try AudioStream.check(file, timedAgainstVideo: true)
                } catch .badAudio(_, let message) where message == AudioStream.noAudioStream {
                    // A silent recording.
                }
            }
            return .clip(clip)
        } catch {
            return .issue(fileIssue(error, shown: MessageText.safe(path, limit: 200), at: location))
        }
    }

    private enum Recording {
        case clip(VideoClip)
        case issue(DeckIssue)
    }

    /// Images decoded in full (to find truncated or corrupt data before rendering starts); past
    /// this many distinct images only their headers are read, and rendering reports the rest.
    static let fullyDecodedImages = 64

    /// What an image's header says: its displayed size, or why it cannot be used (unreadable, not
    /// an image, or over the size limit).
    private enum Header {
        case size(Int, Int, InputFile)
        case issue(DeckIssue)
    }

    private func header(_ path: String, shown: String, at location: String) -> Header {
        do {
            let file = try inputs.open(path)
            let size = try ImageDecoder.size(of: file)
            if let problem = ImageDecoder.sizeProblem(width: size.width, height: size.height,
                                                      maxPixels: ImageDecoder.maxPixels, what: "the image") {
                return .issue(DeckIssue(path: location, message: "\(shown): \(problem)"))
            }
            return .size(size.width, size.height, file)
        } catch {
            return .issue(fileIssue(error, shown: shown, at: location))
        }
    }

    private func fileIssue(_ error: MediaError, shown: String, at path: String) -> DeckIssue {
        switch error {
        case .notFound: DeckIssue(path: path, message: "file not found: \(shown)", kind: .missingInput)
        case .outside(_, let resolved, let folders):
            DeckIssue(path: path, message: "\(shown) is " + MediaError.outsideMessage(resolved: resolved, folders: folders),
                      kind: .missingInput)
        case .io(_, let message): DeckIssue(path: path, message: "cannot read \(shown): \(message)", kind: .missingInput)
        case .badImage(_, let message), .badVideo(_, let message), .badAudio(_, let message): DeckIssue(path: path, message: "\(shown): \(message)")
        }
    }
}

/// A picture's size in pixels, as displayed.
public struct PixelSize: Sendable, Equatable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

private extension DeckIssue {
    /// The issue, naming the template page that first names the file (nil: a page list).
    func onPage(_ page: Int?) -> DeckIssue {
        guard let page else { return self }
        var issue = self
        issue.message += " (page \(page))"
        return issue
    }
}
