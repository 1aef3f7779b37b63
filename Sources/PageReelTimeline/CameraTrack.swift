import PageReelDeck

/// Where the camera looks: the layout's own view, a point of the screen, or partway between two
/// views (a move that started while another was under way starts from there).
public indirect enum CameraView: Sendable, Equatable {
    case layout
    /// A point of the screen, in the viewport's points.
    case focus(x: Double, y: Double)
    /// `t` of the way from one view to the other.
    case between(CameraView, CameraView, Double)
}

/// The camera at one instant: the zoom, and the view drawn at the canvas's centre.
public struct CameraState: Sendable, Equatable {
    public var zoom: Double
    public var view: CameraView

    public static let rest = CameraState(zoom: 1, view: .layout)

    public init(zoom: Double, view: CameraView) {
        self.zoom = zoom
        self.view = view
    }

    /// Whether the camera shows the layout as it is.
    public var isRest: Bool { zoom == 1 && view == .layout }
}

/// The camera over time: each `camera` step's move from wherever the camera is when it starts.
public struct CameraTrack: Sendable, Equatable {
    public struct Move: Sendable, Equatable {
        public var start: Double
        public var duration: Double
        public var from: CameraState
        public var to: CameraState
        public var curve: Step.Curve

        public var end: Double { start + duration }
    }

    public private(set) var moves: [Move] = []

    public init() {}

    /// Adds `move` starting at `start` (no earlier than the last move's start); `centre` is the
    /// screen's centre, where a move without a focus looks.
    mutating func add(_ move: CameraMove, at start: Double, centre: (x: Double, y: Double)) {
        let from = state(at: start)
        // Back at zoom 1 the camera shows the layout; else it looks at the focus (the screen's
        // centre unless given).
        let view: CameraView = move.zoom == 1 ? .layout
            : move.focus.map { .focus(x: $0.x, y: $0.y) } ?? .focus(x: centre.x, y: centre.y)
        moves.append(Move(start: start, duration: move.duration, from: from, to: CameraState(zoom: move.zoom, view: view),
                          curve: move.curve))
    }

    /// When the last move ends (0 without moves).
    public var end: Double { moves.map(\.end).max() ?? 0 }

    /// The camera at `time`.
    public func state(at time: Double) -> CameraState {
        guard let move = moves.last(where: { $0.start <= time }) else { return .rest }
        guard move.duration > 0, time < move.end else { return move.to }
        let t = move.curve.value((time - move.start) / move.duration)
        if t == 0 { return move.from }
        return CameraState(zoom: move.from.zoom + (move.to.zoom - move.from.zoom) * t,
                           view: .between(move.from.view, move.to.view, t))
    }
}
