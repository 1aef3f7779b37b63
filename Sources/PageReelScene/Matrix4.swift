import Foundation

/// A 4×4 transform for column vectors (p′ = M·p), like CATransform3D but with the product order
/// written as it is applied: `a * b` applies b first.
///
/// Screen convention as in Core Animation: x right, y down, z toward the viewer; perspective with eye
/// distance d is m[3][2] = −1/d, so w = 1 − z/d and points toward the viewer grow.
public struct Matrix4: Sendable, Equatable {
    /// Row-major storage: m[row * 4 + column]. A SIMD value, so building transforms for a frame
    /// allocates nothing.
    public var m: SIMD16<Double>

    public init(rows: [[Double]]) {
        precondition(rows.count == 4 && rows.allSatisfy { $0.count == 4 }, "a 4×4 matrix needs 4 rows of 4")
        m = SIMD16(rows.flatMap { $0 })
    }

    private init(storage: SIMD16<Double>) { m = storage }

    public static let identity = Matrix4(storage: SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))

    public subscript(row: Int, column: Int) -> Double {
        get { m[row * 4 + column] }
        set { m[row * 4 + column] = newValue }
    }

    public static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        var out = SIMD16<Double>()
        for r in 0..<4 {
            for c in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += a.m[r * 4 + k] * b.m[k * 4 + c] }
                out[r * 4 + c] = s
            }
        }
        return Matrix4(storage: out)
    }

    public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Matrix4 {
        var t = identity
        t[0, 3] = x
        t[1, 3] = y
        t[2, 3] = z
        return t
    }

    public static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Matrix4 {
        var t = identity
        t[0, 0] = x
        t[1, 1] = y
        t[2, 2] = z
        return t
    }

    /// Rotation by `radians` about the axis (x, y, z), normalised (Rodrigues), as
    /// CATransform3DMakeRotation; a zero axis gives the identity.
    public static func rotation(_ radians: Double, axis x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, radians != 0 else { return identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(radians), s = sin(radians), t = 1 - c
        return Matrix4(storage: SIMD16(
            c + ux * ux * t, ux * uy * t - uz * s, ux * uz * t + uy * s, 0,
            uy * ux * t + uz * s, c + uy * uy * t, uy * uz * t - ux * s, 0,
            uz * ux * t - uy * s, uz * uy * t + ux * s, c + uz * uz * t, 0,
            0, 0, 0, 1))
    }

    /// Perspective with the eye at distance `d` in front of the z = 0 plane (m34 = −1/d);
    /// d ≤ 0 means orthographic (the identity).
    public static func perspective(_ d: Double) -> Matrix4 {
        guard d > 0 else { return identity }
        var t = identity
        t[3, 2] = -1 / d
        return t
    }

    /// The projected 2D point of (x, y, 0), or nil when it is at or behind the eye (w ≤ 0).
    public func project(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        let w = m[12] * x + m[13] * y + m[15]
        guard w > 1e-9 else { return nil }
        return ((m[0] * x + m[1] * y + m[3]) / w, (m[4] * x + m[5] * y + m[7]) / w)
    }

    /// The depth (z after the transform, before division) of (x, y, 0).
    public func depth(_ x: Double, _ y: Double) -> Double {
        m[8] * x + m[9] * y + m[11]
    }
}
