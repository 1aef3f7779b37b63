import PageReelDeck

// The script's moving steps: drags, animated page changes, tab taps and PaperFold's hint.
extension TimelineBuilder {
    /// The finger moves `by` pages; the content follows 1:1 in raw offset, shown through the
    /// rubber band. A drag that starts overscrolled starts from the band's inverse.
    mutating func drag(_ drag: Step.Drag) {
        let distance = drag.by * bounds.pageWidth
        let direction: Double = drag.by > 0 ? 1 : drag.by < 0 ? -1 : 0
        touchDown(x: bounds.pageWidth * (0.5 + 0.3 * direction))
        addFingerMove(distance: -distance, duration: drag.duration, curve: drag.curve)
        let raw = bounds.raw(shown: offset)
        append(.move(from: raw, distance: distance, duration: drag.duration, curve: drag.curve, banded: true),
               phase: .dragging, until: now + drag.duration)
        offset = bounds.shown(raw: raw + distance, velocity: 0).offset
        if drag.release {
            release(velocity: drag.velocity ?? distance * drag.curve.slope(1) / drag.duration)
        }
    }

    /// An animated page change. Walking `through` takes one ease-in-out move of `step` seconds per
    /// page, the first from a fractional position to the next whole page in the direction of
    /// travel; otherwise one move of `duration` seconds straight there.
    mutating func jump(to page: Int, through: Bool, step: Double, duration: Double) {
        let target = bounds.offset(ofPage: page)
        guard offset != target else { return }
        guard through else {
            move(to: target, until: now + duration)
            return
        }
        let forward = target > offset
        let position = bounds.position(offset)
        let first = forward ? min(Int(position.rounded(.down)) + 1, page) : max(Int(position.rounded(.up)) - 1, page)
        let count = abs(page - first) + 1
        let start = now
        for k in 0..<count {
            if now > horizon {
                // Never shown: rest on the target for the rest of the walk.
                append(.hold(target), phase: .jumping, until: start + Double(count) * step)
                offset = target
                return
            }
            let waypoint = forward ? first + k : first - k
            move(to: bounds.offset(ofPage: waypoint), until: start + Double(k + 1) * step)
        }
    }

    /// One ease-in-out move from the current offset to `target`, ending at `end`.
    mutating func move(to target: Double, until end: Double) {
        append(.move(from: offset, distance: target - offset, duration: end - now, curve: .easeInOut, banded: false),
               phase: .jumping, until: end)
        offset = target
    }

    /// The finger touches the tab's centre for 0.12 s, lifts, and the walk to the tab's page starts.
    mutating func tap(_ tab: Int) {
        let count = Double(tabs?.titles.count ?? bounds.pageCount)
        let height = tabs?.height ?? Tabs(titles: []).height
        let touchTime = 0.12
        addTap(tab: tab, x: (Double(tab) + 0.5) * viewportWidth / count, y: height / 2, duration: touchTime)
        hold(until: now + touchTime)
        let walk = Step.Jump(to: tab)
        jump(to: tab, through: true, step: walk.step, duration: walk.duration)
    }

    /// PaperFold's bounce: the offset moves by `distance` and back, two ease-in-out moves, shown
    /// through the rubber band past an end like a drag.
    mutating func hint(_ hint: Step.Hint) {
        let rest = offset
        let raw = bounds.raw(shown: offset)
        let start = now
        append(.move(from: raw, distance: hint.distance, duration: hint.duration, curve: .easeInOut, banded: true),
               phase: .hinting, until: start + hint.duration)
        append(.move(from: raw + hint.distance, distance: -hint.distance, duration: hint.duration,
                     curve: .easeInOut, banded: true),
               phase: .hinting, until: start + 2 * hint.duration)
        offset = rest
    }
}
