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

    /// An animated page change, on the motion model's curve. Walking `through` takes one move per
    /// page (of `step` seconds, or the model's for its distance), the first from a fractional
    /// position to the next whole page in the direction of travel; otherwise one move of
    /// `duration` seconds (or the model's) straight there. Wrapping, it goes the short way round.
    mutating func jump(to page: Int, through: Bool, step: Double?, duration: Double?) {
        let target = bounds.nearestOffset(ofPage: page, from: offset)
        guard offset != target, let goal = bounds.exactPage(target) else { return }
        guard through else {
            move(to: target, until: now + (duration ?? jumpDuration(distance: target - offset, through: false)))
            return
        }
        let forward = target > offset
        let position = bounds.position(offset)
        let first = forward ? min(ScrollBounds.pageNumber(position.rounded(.down)) + 1, goal)
            : max(ScrollBounds.pageNumber(position.rounded(.up)) - 1, goal)
        let count = abs(goal - first) + 1
        // Steps of one length end at start + k·step; ViewPager's depend on each step's distance.
        let fixed = step ?? (physics.model == .android ? nil : jumpDuration(distance: 0, through: true))
        let start = now
        for k in 0..<count {
            let waypoint = forward ? first + k : first - k
            let next = bounds.offset(ofPage: waypoint)
            if now > horizon {
                // Never shown: rest on the target for the rest of the walk.
                let left = Double(count - k) * (fixed ?? jumpDuration(distance: bounds.pageWidth, through: true))
                append(.hold(target), phase: .jumping, until: fixed.map { start + Double(count) * $0 } ?? now + left)
                offset = target
                return
            }
            move(to: next, until: fixed.map { start + Double(k + 1) * $0 } ?? now + jumpDuration(distance: next - offset, through: true))
        }
    }

    /// One move from the current offset to `target`, ending at `end`, on the model's curve
    /// (UIKit's and iCarousel's: cubic ease-in-out).
    mutating func move(to target: Double, until end: Double, phase: Phase = .jumping) {
        let duration = end - now
        let motion: Motion = switch physics.model {
        case .uikit, .icarousel:
            .move(from: offset, distance: target - offset, duration: duration, curve: .easeInOut, banded: false)
        case .android: .eased(from: offset, distance: target - offset, duration: duration, easing: .quinticOut)
        case .swiper: .eased(from: offset, distance: target - offset, duration: duration, easing: .cssEase)
        }
        append(motion, phase: phase, until: end)
        offset = target
    }

    /// The finger touches the tab's centre for 0.12 s, lifts, and the walk to the tab's page starts.
    mutating func tap(_ tab: Int) {
        let count = Double(tabs?.titles.count ?? bounds.pageCount)
        let height = tabs?.height ?? Tabs(titles: []).height
        let touchTime = 0.12
        addTap(tab: tab, x: (Double(tab) + 0.5) * viewportWidth / count, y: height / 2, duration: touchTime)
        hold(until: now + touchTime)
        jump(to: tab, through: true, step: nil, duration: nil)
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
