extension ImageOrientation {
    /// The turn (and mirror) a video stream's display matrix asks for, to the nearest quarter turn.
    ///
    /// Phones record in the sensor's orientation and store how to turn the picture in the
    /// container (an MP4/MOV track header matrix, which libavformat hands over as
    /// `AV_PKT_DATA_DISPLAYMATRIX`); players apply it, so pagereel does too. The matrix is
    /// libavutil's (`display.h`): `[a b u; c d v; x y w]`, a, b, c, d in 16.16 fixed point, taking a
    /// stored point (p, q) to the displayed (a·p + c·q + x, b·p + d·q + y). The stored x axis shows
    /// along (a, b) and the y axis along (c, d); for a quarter turn or a mirror the inverse is the
    /// transpose, so displayed (x, y) shows stored (a·x + b·y, c·x + d·y) — `stepping` (a, b, c, d).
    /// Angles between quarter turns are snapped to the nearest one; a matrix that is no turn or
    /// mirror at all (zero, or both axes onto one) shows the picture as stored.
    init(displayMatrix m: [Int32]) {
        precondition(m.count == 9, "a display matrix has 9 entries")
        func snapped(_ u: Int32, _ v: Int32) -> (Int, Int) {
            let (u, v) = (Int(u), Int(v))
            if u == 0 && v == 0 { return (0, 0) }
            return abs(u) >= abs(v) ? (u.signum(), 0) : (0, v.signum())
        }
        let (a, b) = snapped(m[0], m[1]), (c, d) = snapped(m[3], m[4])
        self = Self.allCases.first { $0.stepping == (a, b, c, d) } ?? .identity
    }

    /// The orientation of the legacy `rotate` tag: degrees clockwise, to the nearest quarter turn.
    init(clockwiseDegrees degrees: Double) {
        guard degrees.isFinite else {
            self = .identity
            return
        }
        let quarters = Int((degrees.truncatingRemainder(dividingBy: 360) / 90).rounded())
        self = [.identity, .rotate90, .rotate180, .rotate270][(quarters + 4) % 4]
    }
}
