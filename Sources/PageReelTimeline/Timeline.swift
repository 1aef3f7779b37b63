// PageReelTimeline: the gesture script turned into scroll offsets over time (DESIGN §3).
//
// Design note: the whole script is played once, in `init`, into a list of segments, each with a
// closed form in time: a drag curve seen through the rubber band, a spring (under-, critically or
// overdamped), a deceleration glide, an eased move, a hold. Springs find their settle instant on a
// fixed 1 ms grid counted from their own start; glides solve their stop and edge crossings exactly.
// `state(at:)` only evaluates the segment containing the instant, so every frame is a pure function
// of its time and 30 and 60 fps see the same offset at the same instant, bit for bit. The finger
// is kept as strokes beside the segments, since its mark outlives the motion that lifted it.

import Foundation
import PageReelDeck

/// The scroll view's motion over the whole video, computed once from a deck's script.
///
/// The scene stage, the `timeline` command and the lifecycle events all sample this one value,
/// so what is drawn, plotted and reported cannot disagree.
public struct Timeline: Sendable {
    /// One page's scroll, in points: the layout's pitch (the viewport's width by default).
    public let pageWidth: Double
    public let pageCount: Int
    /// Video length in seconds: the script settles, then `deck.tail`; or `deck.duration`.
    public let duration: Double
    /// The simulated motion, clipped to `duration`, in time order and without gaps.
    public let segments: [TimelineSegment]
    let strokes: [TouchStroke]
    let bounds: ScrollBounds
    /// When each of the script's steps begins, in script order (seconds; a step at or past the
    /// video's end is clipped to it).
    public let stepStarts: [Double]
    /// The script's transition switches, in time order.
    public let transitionChanges: [TransitionChange]
    /// The changes of the current page, in time order, when a recording plays `onAppear` (else empty).
    public let appearances: [PageAppearance]
    /// The device's pose over time.
    public let poses: PoseTrack
    /// The camera over time.
    public let camera: CameraTrack

    /// The longest video pagereel makes, in seconds (DESIGN §8).
    public static let maximumDuration: Double = 600

    public init(deck: Deck) throws(TimelineError) {
        try Timeline.validate(deck)
        var builder = TimelineBuilder(deck: deck)
        for (index, step) in deck.script.enumerated() {
            try builder.run(step, index: index)
        }
        let length: Double
        if let forced = deck.duration {
            length = forced
        } else {
            // The video goes on until the gestures and the device's turns have all settled.
            length = max(builder.now, builder.poses.end, builder.camera.end) + deck.tail
            if builder.isOpenEnded {
                throw TimelineError(path: "script", message:
                    "the script does not settle within the limit of \(Seconds.format(Timeline.maximumDuration)) s")
            }
            if length > Timeline.maximumDuration {
                throw TimelineError(path: "script", message: "the video would be \(Seconds.formatUp(length)) s long, "
                    + "over the limit of \(Seconds.format(Timeline.maximumDuration)) s")
            }
        }
        var clipped = builder.finished().filter { $0.start <= length }
        for i in clipped.indices { clipped[i].end = min(clipped[i].end, length) }

        pageWidth = deck.pagePitch
        pageCount = deck.pageCount
        duration = length
        segments = clipped
        strokes = builder.strokes
        bounds = builder.bounds
        stepStarts = builder.stepStarts.map { min($0, length) }
        transitionChanges = builder.transitions
        poses = builder.poses
        camera = builder.camera
        appearances = deck.hasRecording(playing: .onAppear)
            ? Timeline.appearances(segments: clipped, bounds: builder.bounds, duration: length) : []
    }

    /// Frames in the video at `fps` (at least 1).
    public func frameCount(fps: Int) -> Int {
        max(1, Int((duration * Double(max(fps, 1)) - 1e-9).rounded(.up)))
    }

    /// The scroll view at `time` seconds (clamped to 0…duration).
    public func state(at time: Double) -> TimelineState {
        let t = time.isNaN ? 0 : min(max(time, 0), duration)
        let segment = segments[segmentIndex(at: t)]
        let sample = segment.sample(at: t)
        // Wrapping, the content runs on past the last page; what is shown is that offset within one turn.
        let offset = bounds.wrapped(sample.offset)
        var state = TimelineState(time: t, offset: offset, velocity: sample.velocity, phase: segment.phase,
                                  touch: touch(at: t), position: bounds.position(offset))
        state.transition = transitionChanges.last { $0.time <= t }?.transition
        state.pose = poses.pose(at: t)
        state.camera = camera.state(at: t)
        state.appearances = appearances[..<appearanceCount(atOrBefore: t)]
        return state
    }

    /// The last segment starting at or before `t` (binary search).
    func segmentIndex(at t: Double) -> Int {
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].start <= t { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// How many page changes happened at or before `t` (binary search).
    func appearanceCount(atOrBefore t: Double) -> Int {
        var low = 0, high = appearances.count
        while low < high {
            let mid = (low + high) / 2
            if appearances[mid].time <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The latest stroke's mark at `t`, if it is still visible.
    func touch(at t: Double) -> Touch? {
        var low = 0, high = strokes.count
        while low < high {
            let mid = (low + high) / 2
            if strokes[mid].down <= t { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? strokes[low - 1].touch(at: t) : nil
    }
}

extension Timeline {
    /// A finger touching the screen: when, and whether it taps a tab or drags the content.
    public struct TouchDown: Sendable, Equatable {
        /// Seconds from the start of the video.
        public var time: Double
        /// The tab a tap touches; nil for a drag, swipe or fling.
        public var tab: Int?

        public var isTap: Bool { tab != nil }
    }

    /// Every touch-down of the script within the video, in time order (a held finger across
    /// steps is one touch).
    public var touchDowns: [TouchDown] {
        strokes.filter { $0.down < duration }.map { TouchDown(time: $0.down, tab: $0.tab) }
    }
}
