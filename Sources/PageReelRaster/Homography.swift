import PageReelScene

/// The plane z = 0 of a 4×4 transform as a 3×3 projective map: (u, v) → ((p·u + q·v + r)/w, …).
struct Homography: Sendable {
    /// Row-major 3×3: rows x, y, w; columns u, v, 1.
    let m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(_ t: Matrix4) {
        m = (t[0, 0], t[0, 1], t[0, 3], t[1, 0], t[1, 1], t[1, 3], t[3, 0], t[3, 1], t[3, 3])
    }

    private init(_ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    var coefficients: (Double, Double, Double, Double, Double, Double, Double, Double, Double) { m }

    /// The inverse (device → local), scaled so that w > 0 in front of the eye; nil if singular.
    var inverse: Homography? {
        let (f0, f1, f2, f3, f4, f5, f6, f7, f8) = m
        let det = f0 * (f4 * f8 - f5 * f7) - f1 * (f3 * f8 - f5 * f6) + f2 * (f3 * f7 - f4 * f6)
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        // The adjugate; any positive multiple is the same map, and dividing by |det|… is not needed.
        let s = det > 0 ? 1.0 : -1.0
        return Homography(((f4 * f8 - f5 * f7) * s, (f2 * f7 - f1 * f8) * s, (f1 * f5 - f2 * f4) * s,
                           (f5 * f6 - f3 * f8) * s, (f0 * f8 - f2 * f6) * s, (f2 * f3 - f0 * f5) * s,
                           (f3 * f7 - f4 * f6) * s, (f1 * f6 - f0 * f7) * s, (f0 * f4 - f1 * f3) * s))
    }

    func w(_ u: Double, _ v: Double) -> Double { m.6 * u + m.7 * v + m.8 }

    /// The image of (u, v), or nil when it is not in front of the eye.
    func project(_ u: Double, _ v: Double) -> (x: Double, y: Double)? {
        let w = w(u, v)
        guard w > 1e-9 else { return nil }
        return ((m.0 * u + m.1 * v + m.2) / w, (m.3 * u + m.4 * v + m.5) / w)
    }

    /// Frobenius norm of the Jacobian of this map at (x, y): an upper bound on output units per input
    /// unit there. Infinite where the map is undefined.
    func jacobianNorm(_ x: Double, _ y: Double) -> Double {
        let w = w(x, y)
        guard w > 1e-12 else { return .infinity }
        let u = (m.0 * x + m.1 * y + m.2) / w, v = (m.3 * x + m.4 * y + m.5) / w
        let dudx = (m.0 - u * m.6) / w, dudy = (m.1 - u * m.7) / w
        let dvdx = (m.3 - v * m.6) / w, dvdy = (m.4 - v * m.7) / w
        return (dudx * dudx + dudy * dudy + dvdx * dvdx + dvdy * dvdy).squareRoot()
    }

    /// The rectangle [x0, x1] × [y0, y1] clipped to w ≥ ε and projected; nil when nothing is left.
    func polygon(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> DevicePolygon? {
        let local = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        let epsilon = 1e-6
        var clipped: [(Double, Double)] = []
        for k in 0..<4 {
            let p = local[k], q = local[(k + 1) % 4]
            let wp = w(p.0, p.1), wq = w(q.0, q.1)
            if wp >= epsilon { clipped.append(p) }
            if (wp >= epsilon) != (wq >= epsilon) {
                let t = (epsilon - wp) / (wq - wp)
                clipped.append((p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t))
            }
        }
        guard clipped.count >= 3 else { return nil }
        let points = clipped.map { p in
            let w = w(p.0, p.1)
            return (x: (m.0 * p.0 + m.1 * p.1 + m.2) / w, y: (m.3 * p.0 + m.4 * p.1 + m.5) / w)
        }
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        return DevicePolygon(points: points)
    }
}

/// A convex polygon in device pixels, scanned with the pixel-centre rule.
struct DevicePolygon: Sendable {
    /// Edges with their lower endpoint first (ties: smaller x first), so shared edges of two polygons
    /// give bit-identical crossings.
    private let edges: [(x0: Double, y0: Double, x1: Double, y1: Double, slope: Double)]
    let minY: Double
    let maxY: Double

    init(points: [(x: Double, y: Double)]) {
        var edges: [(x0: Double, y0: Double, x1: Double, y1: Double, slope: Double)] = []
        for k in points.indices {
            var p = points[k], q = points[(k + 1) % points.count]
            if p.y > q.y || (p.y == q.y && p.x > q.x) { swap(&p, &q) }
            guard p.y != q.y else { continue }
            edges.append((p.x, p.y, q.x, q.y, (q.x - p.x) / (q.y - p.y)))
        }
        self.edges = edges
        minY = points.map(\.y).min() ?? 0
        maxY = points.map(\.y).max() ?? 0
    }

    /// Columns [start, end) of row `y` whose pixel centres are inside, clamped to [0, width).
    @inline(__always)
    func span(row y: Int, width: Int) -> (Int, Int)? {
        let yc = Double(y) + 0.5
        var lo = Double.infinity, hi = -Double.infinity
        for edge in edges where yc >= edge.y0 && yc < edge.y1 {
            let x = edge.x0 + (yc - edge.y0) * edge.slope
            lo = min(lo, x)
            hi = max(hi, x)
        }
        guard lo < hi else { return nil }
        let start = max(0, Int(max(lo - 0.5, -1).rounded(.up)))
        let end = min(width, Int(min(hi - 0.5, Double(width)).rounded(.up)))
        return start < end ? (start, end) : nil
    }
}
