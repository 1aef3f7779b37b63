// How pages move and look as a whole: `transition`, `fold`, `page` and `physics`.

extension DeckDecoder {
    static let customTransitionKeys = ["angleRatio", "translation", "rotation", "perspective"]
    static let foldKeys = ["folds"]
    static let pageStyleKeys = ["cornerRadius", "shadow", "background"]
    static let shadowKeys = ["color", "radius", "offsetX", "offsetY"]
    static let physicsKeys = ["paging", "deceleration", "flingVelocity", "snap", "rubberBand", "bounces"]
    static let springKeys = ["response", "dampingRatio"]

    /// A transition name, or MAG's custom `{angleRatio, translation, rotation, perspective}`.
    static func readTransition(_ r: inout JSONReader) -> TransitionSpec? {
        switch r.value.content {
        case .string:
            let name: TransitionName? = r.readChoice("transition")
            return name.map(TransitionSpec.named)
        case .object:
            guard r.expectObject(keys: customTransitionKeys) else { return nil }
            var custom = CustomTransition()
            custom.angleRatio = r.number("angleRatio") ?? custom.angleRatio
            if let t = r.member("translation", { $0.readNumbers(count: 2) }) { custom.translation = (t[0], t[1]) }
            if let a = r.member("rotation", { $0.readNumbers(count: 3) }) { custom.rotation = (a[0], a[1], a[2]) }
            custom.perspective = r.number("perspective", .nonNegative) ?? custom.perspective
            return .custom(custom)
        default:
            r.reportType(expected: "a transition name or an object")
            return nil
        }
    }

    static func readFold(_ r: inout JSONReader) -> FoldOptions? {
        guard r.expectObject(keys: foldKeys) else { return nil }
        var fold = FoldOptions()
        fold.folds = r.int("folds", in: 1...32) ?? fold.folds
        return fold
    }

    /// The look shared by every page: corner radius, shadow and the default background.
    static func readPageStyle(_ r: inout JSONReader) -> PageStyle? {
        guard r.expectObject(keys: pageStyleKeys) else { return nil }
        var style = PageStyle()
        style.cornerRadius = r.number("cornerRadius", .nonNegative) ?? style.cornerRadius
        if let shadow = r.member("shadow", readShadow) { style.shadow = shadow }
        style.background = r.member("background", readFill) ?? style.background
        return style
    }

    /// `true` (the default shadow), `false` (none) or `{color, radius, offsetX, offsetY}`.
    /// The outer optional is nil when the value is wrong.
    static func readShadow(_ r: inout JSONReader) -> Shadow?? {
        switch r.value.content {
        case .bool(let on):
            return .some(on ? Shadow() : nil)
        case .object:
            guard r.expectObject(keys: shadowKeys) else { return nil }
            var shadow = Shadow()
            shadow.color = r.color("color") ?? shadow.color
            shadow.radius = r.number("radius", .nonNegative) ?? shadow.radius
            shadow.offsetX = r.number("offsetX") ?? shadow.offsetX
            shadow.offsetY = r.number("offsetY") ?? shadow.offsetY
            return .some(shadow)
        default:
            r.reportType(expected: "true, false or an object")
            return nil
        }
    }

    static func readPhysics(_ r: inout JSONReader) -> Physics? {
        guard r.expectObject(keys: physicsKeys) else { return nil }
        var physics = Physics()
        physics.paging = r.bool("paging") ?? physics.paging
        physics.deceleration = r.member("deceleration", readDeceleration) ?? physics.deceleration
        physics.flingVelocity = r.number("flingVelocity", .nonNegative) ?? physics.flingVelocity
        physics.snap = r.member("snap", readSpring) ?? physics.snap
        physics.rubberBand = r.number("rubberBand", NumberBounds(lower: 0, lowerInclusive: false, upper: 1))
            ?? physics.rubberBand
        physics.bounces = r.bool("bounces") ?? physics.bounces
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
        guard r.expectObject(keys: springKeys) else { return nil }
        var spring = Physics().snap
        spring.response = r.number("response", .positive) ?? spring.response
        spring.dampingRatio = r.number("dampingRatio", .positive) ?? spring.dampingRatio
        return spring
    }
}
