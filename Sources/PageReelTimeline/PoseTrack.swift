import PageReelDeck

/// The device's pose over time: the deck's rest pose, then each `pose` step's turn of the values it
/// names. Each value moves on its own: a turn takes over only the values it names, from wherever
/// they are when it starts, so a turn of `rotateX` during a turn of `rotateY` leaves that one going.
public struct PoseTrack: Sendable, Equatable {
    /// One turn: the values it names, from `from` at `start` to `to` over `duration` seconds,
    /// timed by `curve`.
    public struct Turn: Sendable, Equatable {
        public var start: Double
        public var duration: Double
        public var from: Pose
        public var to: Pose
        public var curve: Step.Curve
        /// The values it turns (`Pose.values` indices).
        public var named: Set<Int>

        public var end: Double { start + duration }

        /// Value `k` at `time` (at or after `start`).
        func value(_ k: Int, at time: Double) -> Double {
            guard duration > 0, time < end else { return to[value: k] }
            let t = curve.value((time - start) / duration)
            return from[value: k] + (to[value: k] - from[value: k]) * t
        }
    }

    public let rest: Pose
    /// In order of their starts.
    public private(set) var turns: [Turn] = []

    public init(rest: Pose) {
        self.rest = rest
    }

    /// Adds `change` starting at `start` (no earlier than the last turn's start).
    mutating func add(_ change: PoseChange, at start: Double) {
        let from = pose(at: start)
        let to = change.applied(to: from)
        let named = Set((0..<Pose.valueCount).filter { change[value: $0] != nil })
        turns.append(Turn(start: start, duration: change.duration, from: from, to: to, curve: change.curve, named: named))
    }

    /// When the last turn ends (0 without turns).
    public var end: Double { turns.map(\.end).max() ?? 0 }

    /// The pose at `time`: each value as the last turn of it started by then has it.
    public func pose(at time: Double) -> Pose {
        var pose = rest
        for k in 0..<Pose.valueCount {
            if let turn = turns.last(where: { $0.start <= time && $0.named.contains(k) }) {
                pose[value: k] = turn.value(k, at: time)
            }
        }
        return pose
    }
}

extension Pose {
    /// rotateX, rotateY, rotateZ, perspective, scale, offsetX, offsetY.
    static let valueCount = 7

    subscript(value k: Int) -> Double {
        get { [rotateX, rotateY, rotateZ, perspective, scale, offsetX, offsetY][k] }
        set {
            switch k {
            case 0: rotateX = newValue
            case 1: rotateY = newValue
            case 2: rotateZ = newValue
            case 3: perspective = newValue
            case 4: scale = newValue
            case 5: offsetX = newValue
            default: offsetY = newValue
            }
        }
    }
}

extension PoseChange {
    subscript(value k: Int) -> Double? {
        [rotateX, rotateY, rotateZ, perspective, scale, offsetX, offsetY][k]
    }
}
