import Foundation
import PageReelDeck

extension Target {
    /// The uniform scale from `canvas` to the target's size; `.usage` naming the size the target
    /// needs when the canvas has another shape.
    public func scale(for canvas: Canvas) throws(PageReelError) -> Double {
        let scale = Double(width) / Double(canvas.width)
        guard abs(Double(canvas.height) * scale - Double(height)) <= 1 else {
            let g = gcd(width, height)
            throw .usage("--target \(name): the canvas is \(canvas.width)x\(canvas.height); \(name) needs a canvas of "
                + "\(width)x\(height) or its shape (\(width / g):\(height / g), e.g. "
                + "\(width / 2)x\(height / 2) or \(width * 2)x\(height * 2))")
        }
        return scale
    }

    /// What the target refuses in `project` exported at `fps` (problems of the deck, exit 65), and
    /// what its store may reject (warnings). Checked before anything is rendered.
    public func check(_ project: Project, fps: Int? = nil) -> (issues: [DeckIssue], warnings: [DeckIssue]) {
        let deck = project.deck
        let rate = fps ?? self.fps(for: deck.canvas.fps)
        let seconds = Double(project.frameCount(fps: rate)) / Double(rate)
        var issues: [DeckIssue] = []
        let path = deck.duration != nil ? "duration" : "script"
        if let durations, !durations.contains(seconds) {
            let limits = "\(Seconds.format(durations.lowerBound))–\(Seconds.format(durations.upperBound)) s"
            let fix = seconds < durations.lowerBound
                ? "lengthen the script (a longer wait, or \"tail\") or set \"duration\""
                : "shorten the script or set \"duration\" to at most \(Seconds.format(durations.upperBound))"
            issues.append(DeckIssue(path: path, message: "the video lasts \(Seconds.format(seconds)) s; \(summary) "
                + "(--target \(name)) must last \(limits): \(fix)"))
        }
        if let maxBytes, let bytes = maxFileBytes(seconds: seconds), bytes > Double(maxBytes) {
            issues.append(DeckIssue(path: path, message: "the video would take up to \(megabytes(bytes)) MB; "
                + "--target \(name) takes at most \(megabytes(Double(maxBytes))) MB"))
        }
        guard store == .appStore else { return (issues, []) }
        var warnings: [DeckIssue] = []
        if deck.device != nil {
            warnings.append(DeckIssue(path: "device", message: "App Store previews may only show "
                + "captures of the app itself (App Review Guideline 2.3.4), and previews with device frames have been "
                + "rejected: use \"device\": \"none\" for the store"))
        }
        // A turned device or a moving camera is no capture of the app either, however it is framed.
        let turned = (deck.device.map { $0.pose != .rest } ?? false ? ["device.pose"] : [])
            + deck.script.enumerated().compactMap { index, step in
                if case .pose = step.action { "script[\(index)].pose" } else { nil }
            }
        let zooms = deck.script.enumerated().compactMap { index, step in
            if case .camera = step.action { "script[\(index)].camera" } else { nil }
        }
        for (paths, what, how) in [(turned, "turns the device", "flat"), (zooms, "moves the camera", "as the screen shows them")]
        where !paths.isEmpty {
            warnings.append(DeckIssue(path: paths[0], message: what
                + (paths.count > 1 ? " (and \(paths.dropFirst().joined(separator: ", ")))" : "")
                + ": App Store previews may only show captures of the app itself, \(how) (App Review Guideline 2.3.4)"))
        }
        let pages: [(path: String, page: Page)] = switch deck.pages {
        case .list(let list): list.enumerated().map { ("pages[\($0.offset)]", $0.element) }
        case .template(_, let page): [("pages.template", page)]
        }
        let drawn = pages.filter { $0.page.image == nil && $0.page.video == nil }
        if !drawn.isEmpty {
            let named = drawn.prefix(3).map(\.path).joined(separator: ", ") + (drawn.count > 3 ? ", …" : "")
            warnings.append(DeckIssue(path: drawn.count == 1 ? drawn[0].path : "pages",
                                      message: (drawn.count == 1 ? "is" : "\(named) are") + " not a screenshot or a "
                                          + "recording: App Store previews may only show captures of the app itself "
                                          + "(App Review Guideline 2.3.4)"))
        }
        return (issues, warnings)
    }

    private func megabytes(_ bytes: Double) -> String { String(format: "%.0f", bytes / 1e6) }

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
