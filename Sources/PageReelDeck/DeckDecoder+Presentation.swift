import PageReelJSON

// How pages move and look as a whole: `transition`, `fold`, `page` and `physics`.

extension DeckDecoder {
    /// A transition name, or MAG's custom `{angleRatio, translation, rotation, perspective}`.
    static func readTransition(_ r: inout JSONReader) -> TransitionSpec? {
        switch r.value.content {
        case .string:
            let name: TransitionName? = r.readChoice("transition")
            return name.map(TransitionSpec.named)
        case .object:
            typealias K = DeckFormat.CustomTransitionKeys
            guard r.expectObject(K.spec) else { return nil }
            var custom = CustomTransition()
            custom.angleRatio = r.read(K.angleRatio) ?? custom.angleRatio
            if let t = r.read(K.translation) { custom.translation = (t[0], t[1]) }
            if let a = r.read(K.rotation) { custom.rotation = (a[0], a[1], a[2]) }
            custom.perspective = r.read(K.perspective) ?? custom.perspective
            return .custom(custom)
        default:
            r.reportType(expected: "a transition name or an object")
            return nil
        }
    }

    static func readFold(_ r: inout JSONReader) -> FoldOptions? {
        guard r.expectObject(DeckFormat.FoldKeys.spec) else { return nil }
        var fold = FoldOptions()
        fold.folds = r.read(DeckFormat.FoldKeys.folds) ?? fold.folds
        return fold
    }

    /// The look shared by every page: corner radius, shadow and the default background.
    static func readPageStyle(_ r: inout JSONReader) -> PageStyle? {
        typealias K = DeckFormat.PageStyleKeys
        guard r.expectObject(K.spec) else { return nil }
        var style = PageStyle()
        style.cornerRadius = r.read(K.cornerRadius) ?? style.cornerRadius
        if let shadow = r.member(K.shadow.name, readShadow) { style.shadow = shadow }
        style.background = r.member(K.background.name, readFill) ?? style.background
        return style
    }

    /// `true` (the default shadow), `false` (none) or `{color, radius, offsetX, offsetY}`.
    /// The outer optional is nil when the value is wrong.
    static func readShadow(_ r: inout JSONReader) -> Shadow?? {
        switch r.value.content {
        case .bool(let on):
            return .some(on ? Shadow() : nil)
        case .object:
            typealias K = DeckFormat.ShadowKeys
            guard r.expectObject(K.spec) else { return nil }
            var shadow = Shadow()
            shadow.color = r.read(K.color) ?? shadow.color
            shadow.radius = r.read(K.radius) ?? shadow.radius
            shadow.offsetX = r.read(K.offsetX) ?? shadow.offsetX
            shadow.offsetY = r.read(K.offsetY) ?? shadow.offsetY
            return .some(shadow)
        default:
            r.reportType(expected: "true, false or an object")
            return nil
        }
    }

    static func readPhysics(_ r: inout JSONReader) -> Physics? {
        typealias K = DeckFormat.PhysicsKeys
        guard r.expectObject(K.spec) else { return nil }
        var physics = Physics()
        physics.paging = r.read(K.paging) ?? physics.paging
        physics.deceleration = r.read(K.deceleration) ?? physics.deceleration
        physics.flingVelocity = r.read(K.flingVelocity) ?? physics.flingVelocity
        physics.snap = r.member(K.snap.name, readSpring) ?? physics.snap
        physics.rubberBand = r.read(K.rubberBand) ?? physics.rubberBand
        physics.bounces = r.read(K.bounces) ?? physics.bounces
        return physics
    }

    /// `"normal"`, `"fast"` (UIScrollView's two rates) or a rate per millisecond in (0, 1).
    static func readDeceleration(_ r: inout JSONReader) -> Double? {
        switch r.value.content {
        case .string(let name):
            switch name {
            case "normal": return Physics.normalDeceleration
            case "fast": return Physics.fastDeceleration
            default:
                r.reportUnknown("deceleration", name, among: ["normal", "fast"])
                return nil
            }
        case .number:
            return r.readNumber(NumberBounds(lower: 0, lowerInclusive: false, upper: 1, upperInclusive: false))
        default:
            r.reportType(expected: "\"normal\", \"fast\" or a number")
            return nil
        }
    }

    static func readSpring(_ r: inout JSONReader) -> Physics.Spring? {
        typealias K = DeckFormat.SpringKeys
        guard r.expectObject(K.spec) else { return nil }
        var spring = Physics().snap
        spring.response = r.read(K.response) ?? spring.response
        spring.dampingRatio = r.read(K.dampingRatio) ?? spring.dampingRatio
        return spring
    }
}
