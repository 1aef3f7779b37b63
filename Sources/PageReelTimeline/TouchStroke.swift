import PageReelDeck

/// One finger on the screen, from touch-down to lift: the path it follows and how visible its
/// mark is.
///
/// Kept apart from the segments because a stroke spans several of them (a held finger across a
/// `wait`) and its mark fades out while the content is already snapping.
struct TouchStroke: Sendable, Equatable {
    /// Touch-down time, seconds.
    var down: Double
    /// Lift time; infinity while held.
    var up: Double = .infinity
    /// Finger y in viewport points (constant for the whole stroke).
    var y: Double
    /// The tab tapped, for a tab tap.
    var tab: Int?
    /// The page the touch began on; a release may move at most one page from it.
    var startPage: Int
    /// Finger x over time; the first piece is the touch-down point.
    var moves: [FingerMove]

    init(down: Double, x: Double, y: Double, startPage: Int, tab: Int? = nil, up: Double = .infinity) {
        self.down = down
        self.up = up
        self.y = y
        self.tab = tab
        self.startPage = startPage
        self.moves = [FingerMove(start: down, from: x, distance: 0, duration: 0, curve: .linear)]
    }

    /// The finger moving horizontally along a curve, possibly cut short.
    struct FingerMove: Sendable, Equatable {
        var start: Double
        var from: Double
        var distance: Double
        var duration: Double
        var curve: Step.Curve
        /// The instant the move was stopped by an interruption.
        var until: Double = .infinity

        func x(at time: Double) -> Double {
            let t = min(time, until) - start
            return from + distance * curve.value(duration > 0 ? t / duration : 1)
        }
    }

    /// How far the finger has moved along the paging axis from touch-down by `time`.
    func travel(at time: Double) -> Double { x(at: time) - moves[0].from }

    /// Finger x at `time` (held at the lift position after the lift).
    func x(at time: Double) -> Double {
        let t = min(time, up)
        let move = moves.last { $0.start <= t } ?? moves[0]
        return move.x(at: t)
    }

    /// The finger held still from `time` on: a move in progress stops there and the lift, if any,
    /// is cancelled.
    mutating func hold(at time: Double) {
        up = .infinity
        moves.removeAll { $0.start >= time }
        moves[moves.count - 1].until = min(moves[moves.count - 1].until, time)
    }

    /// The mark at `time`, nil once it has faded out.
    func touch(at time: Double) -> Touch? {
        guard time >= down, time < up + Touch.fadeOutDuration else { return nil }
        let fadeIn = min(1, (min(time, up) - down) / Touch.fadeInDuration)
        let fadeOut = time < up ? 1 : max(0, 1 - (time - up) / Touch.fadeOutDuration)
        return Touch(x: x(at: time), y: y, opacity: fadeIn * fadeOut, isDown: time < up, tab: tab)
    }
}
