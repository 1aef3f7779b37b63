/// How the device is turned and placed: projected as CSS projects `transform: translate(offset)
/// scale(scale) perspective(perspective) rotateX(rotateX) rotateY(rotateY) rotateZ(rotateZ)` with the
/// origin at the centre of the device's screen. Degrees and points; y down, z toward the viewer.
public struct Pose: Sendable, Equatable {
    public var rotateX: Double = 0
    public var rotateY: Double = 0
    public var rotateZ: Double = 0
    /// The eye's distance from the screen's plane, in points (CSS `perspective()`).
    public var perspective: Double = 2400
    public var scale: Double = 1
    /// Points the projected device moves, right and down.
    public var offsetX: Double = 0
    public var offsetY: Double = 0

    public init(rotateX: Double = 0, rotateY: Double = 0, rotateZ: Double = 0, perspective: Double = 2400,
                scale: Double = 1, offsetX: Double = 0, offsetY: Double = 0) {
        self.rotateX = rotateX
        self.rotateY = rotateY
        self.rotateZ = rotateZ
        self.perspective = perspective
        self.scale = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// The device flat, where the layout puts it.
    public static let rest = Pose()

    /// Whether the pose leaves every point where it is (the perspective alone moves nothing).
    public var isIdentity: Bool {
        rotateX == 0 && rotateY == 0 && rotateZ == 0 && scale == 1 && offsetX == 0 && offsetY == 0
    }

    /// The pose a fraction `t` of the way from `self` to `other` (each value linearly; `t` outside
    /// [0, 1] overshoots).
    public func interpolated(to other: Pose, _ t: Double) -> Pose {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return Pose(rotateX: mix(rotateX, other.rotateX), rotateY: mix(rotateY, other.rotateY),
                    rotateZ: mix(rotateZ, other.rotateZ), perspective: mix(perspective, other.perspective),
                    scale: mix(scale, other.scale), offsetX: mix(offsetX, other.offsetX),
                    offsetY: mix(offsetY, other.offsetY))
    }
}

/// A `pose` step: the values it names (the others keep theirs), reached over `duration` seconds.
public struct PoseChange: Sendable, Equatable {
    public var rotateX: Double?
    public var rotateY: Double?
    public var rotateZ: Double?
    public var perspective: Double?
    public var scale: Double?
    public var offsetX: Double?
    public var offsetY: Double?
    public var duration: Double
    public var curve: Step.Curve

    public init(rotateX: Double? = nil, rotateY: Double? = nil, rotateZ: Double? = nil, perspective: Double? = nil,
                scale: Double? = nil, offsetX: Double? = nil, offsetY: Double? = nil, duration: Double = 0.8,
                curve: Step.Curve = .easeInOut) {
        self.rotateX = rotateX
        self.rotateY = rotateY
        self.rotateZ = rotateZ
        self.perspective = perspective
        self.scale = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.duration = duration
        self.curve = curve
    }

    /// `pose` with the values this change names.
    public func applied(to pose: Pose) -> Pose {
        Pose(rotateX: rotateX ?? pose.rotateX, rotateY: rotateY ?? pose.rotateY, rotateZ: rotateZ ?? pose.rotateZ,
             perspective: perspective ?? pose.perspective, scale: scale ?? pose.scale,
             offsetX: offsetX ?? pose.offsetX, offsetY: offsetY ?? pose.offsetY)
    }
}

/// A `camera` step: the view zoomed onto a point of the screen, reached over `duration` seconds.
public struct CameraMove: Sendable, Equatable {
    /// Times the laid-out size (1 = the layout's own view).
    public var zoom: Double
    /// The point of the screen (in the viewport's points) drawn at the canvas's centre once the
    /// zoom is reached; nil = the screen's centre. Unused at zoom 1.
    public var focus: (x: Double, y: Double)?
    public var duration: Double
    public var curve: Step.Curve

    public init(zoom: Double, focus: (x: Double, y: Double)? = nil, duration: Double = 0.8, curve: Step.Curve = .easeInOut) {
        self.zoom = zoom
        self.focus = focus
        self.duration = duration
        self.curve = curve
    }

    public static func == (a: CameraMove, b: CameraMove) -> Bool {
        a.zoom == b.zoom && a.focus?.x == b.focus?.x && a.focus?.y == b.focus?.y && a.duration == b.duration
            && a.curve == b.curve
    }
}
