import PageReelMedia

extension Pixmap {
    /// The centre of the pixels within `tolerance` of `rgb` in every channel (pixel centres at
    /// half-integers), and how many there are: where a coloured mark landed.
    public func centroid(of rgb: (UInt8, UInt8, UInt8), tolerance: Int = 40) -> (x: Double, y: Double, count: Int) {
        var sx = 0.0, sy = 0.0, n = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                if abs(Int(p.r) - Int(rgb.0)) < tolerance, abs(Int(p.g) - Int(rgb.1)) < tolerance,
                   abs(Int(p.b) - Int(rgb.2)) < tolerance {
                    sx += Double(x) + 0.5
                    sy += Double(y) + 0.5
                    n += 1
                }
            }
        }
        return (sx / Double(max(n, 1)), sy / Double(max(n, 1)), n)
    }
}
