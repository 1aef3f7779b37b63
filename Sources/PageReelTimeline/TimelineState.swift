import PageReelDeck

/// The scroll view at one instant: where the content is, how fast it moves, what moves it and
/// where the finger is.
///
/// It is the one value the scene stage needs per frame, so every overlay (tabs, dots, touch marks)
/// and every transition reads the same numbers.
public struct TimelineState: Sendable, Equatable {
    /// Seconds from the start of the video, clamped to the timeline's duration.
    public var time: Double
    /// Content offset x in points, rubber band applied: what is shown. With `layout.wrap` it is
    /// within one turn, [0, pages · pitch).
    public var offset: Double
    /// Points per second; positive = toward the next page.
    public var velocity: Double
    public var phase: Phase
    /// The finger, for the `touches` overlay and tab highlights; nil when no finger is shown.
    public var touch: Touch?
    /// `offset / pageWidth`, in pages (exactly whole at a page's rest offset).
    public var position: Double
    /// The transition a script step switched to, if one did by now (else the deck's).
    public var transition: TransitionSpec?
    /// How the device is turned (the rest pose without a device).
    public var pose: Pose = .rest
    /// Where the camera looks, and how close.
    public var camera: CameraState = .rest
    /// The changes of the current page up to this instant, oldest first, when the deck has a
    /// recording that plays `onAppear` (else empty).
    public var appearances: ArraySlice<PageAppearance> = []

    public init(time: Double, offset: Double, velocity: Double, phase: Phase, touch: Touch?, position: Double) {
        self.time = time
        self.offset = offset
        self.velocity = velocity
        self.phase = phase
        self.touch = touch
        self.position = position
    }
}

/// What is moving the scroll view.
///
/// The names are the ones `pagereel timeline --format csv` prints, so they are part of the contract.
public enum Phase: String, Sendable, CaseIterable {
    /// At rest, nothing touching the content.
    case idle
    /// A finger is on the content, moving or holding it.
    case dragging
    /// Gliding freely after a release (`physics.paging` off).
    case decelerating
    /// The page-snap spring after a release.
    case snapping
    /// An animated page change (`jump`, or the walk after a `tap`).
    case jumping
    /// PaperFold's hint: out by `distance` and back.
    case hinting
    /// The spring that brings overscrolled content back to an end.
    case bouncing
}
