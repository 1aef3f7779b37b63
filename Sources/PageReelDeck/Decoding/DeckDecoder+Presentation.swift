import PageReelJSON

// How pages move and look as a whole: `transition`, `fold`, `page` and `physics`.

extension DeckDecoder {
    /// A transition name, or MAG's custom `{angleRatio, translation, rotation, perspective}`.
    static func readTransition(_ r: inout JSONReader) -> TransitionSpec? {
        switch r.value.content {
        case .string:
            guard let name = r.value.string else { return nil }
            if TransitionCatalogue.entry(name) != nil { return .catalogue(CatalogueTransition(name: name)) }
            guard let preset = TransitionName(rawValue: name) else {
                let all = TransitionName.allCases.map(\.rawValue) + TransitionCatalogue.names
                if let near = SpellingSuggestion.closest(to: name, among: all) {
                    r.report("unknown transition \(MessageText.quoted(name)) (did you mean \(MessageText.quoted(near))?)")
                } else {
                    let presets = TransitionName.allCases.map(\.rawValue).joined(separator: ", ")
                    r.report("unknown transition \(MessageText.quoted(name)) (use \(presets) or a library's, as "
                             + "`pagereel transitions` lists them)")
                }
                return nil
            }
            return .named(preset)
        case .object where r.has(DeckFormat.CatalogueTransitionKeys.name):
            return readCatalogueTransition(&r)
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

    /// `{name, options…}`: the options the named transition takes, each of the type it declares.
    static func readCatalogueTransition(_ r: inout JSONReader) -> TransitionSpec? {
        let nameKey = DeckFormat.CatalogueTransitionKeys.name
        guard let name = r.member(nameKey, { $0.readString(nonEmpty: true) }) else { return nil }
        guard let entry = TransitionCatalogue.entry(name) else {
            r.member(nameKey) { (r: inout JSONReader) -> Bool? in
                let hint = SpellingSuggestion.closest(to: name, among: TransitionCatalogue.names)
                    .map { "did you mean \(MessageText.quoted($0))?" } ?? "`pagereel transitions` lists them"
                r.report("unknown transition \(MessageText.quoted(name)) (\(hint))")
                return nil
            }
            return nil
        }
        guard r.expectObject(keys: [nameKey] + entry.options.map(\.name)) else { return nil }
        return .catalogue(CatalogueTransition(name: name, options: readOptions(&r, entry.options)))
    }

    /// The options `keys` declares that the object under the cursor gives; one that equals its
    /// default is left out, so writing a default changes nothing.
    static func readOptions(_ r: inout JSONReader, _ keys: [KeySpec]) -> TransitionOptions {
        var options = TransitionOptions()
        for key in keys where r.has(key.name) {
            guard let value = r.member(key.name, { readOption(&$0, key.type) }) else { continue }
            if case .json(let text) = key.defaultValue, let parsed = try? JSONParser.parse(Array(text.utf8)) {
                var reader = JSONReader(parsed)
                if readOption(&reader, key.type) == value { continue }
            }
            options.values[key.name] = value
        }
        return options
    }

    /// An option value of the declared type.
    static func readOption(_ r: inout JSONReader, _ type: ValueType) -> TransitionOptions.Value? {
        switch type {
        case .number(let bounds): return r.readNumber(bounds).map(TransitionOptions.Value.number)
        case .boolean: return r.readBool().map(TransitionOptions.Value.bool)
        case .text(let nonEmpty): return readLocalized(&r, nonEmpty: nonEmpty).map(TransitionOptions.Value.string)
        case .string(let nonEmpty): return r.readString(nonEmpty: nonEmpty).map(TransitionOptions.Value.string)
        case .choice(let words):
            guard let word = r.readString(nonEmpty: false) else { return nil }
            guard words.contains(word) else {
                r.reportUnknown("value", word, among: words)
                return nil
            }
            return .string(word)
        case .numbers(let names): return r.readNumbers(count: names.count).map { .array($0.map(TransitionOptions.Value.number)) }
        case .array(let element, _, _):
            guard r.value.elements != nil else {
                r.reportType(expected: "an array")
                return nil
            }
            return .array(r.elements { r, _ in readOption(&r, element) })
        case .object(let name):
            guard let spec = DeckFormat.object(name), r.expectObject(spec) else { return nil }
            return .object(readOptions(&r, spec.keys))
        case .oneOf(let types):
            // The first type the value's JSON kind fits.
            for type in types where Self.fits(r.value, type) { return readOption(&r, type) }
            r.reportType(expected: "one of its types")
            return nil
        case .integer(let bounds): return r.readInt(bounds).map { .number(Double($0)) }
        case .color, .constant: return nil
        }
    }

    private static func fits(_ value: JSONValue, _ type: ValueType) -> Bool {
        switch (value.content, type) {
        case (.number, .number), (.number, .integer), (.bool, .boolean), (.string, .string), (.string, .choice),
             (.array, .numbers), (.array, .array), (.object, .object): true
        default: false
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
        physics.model = r.read(K.model) ?? physics.model
        physics.paging = r.read(K.paging) ?? physics.paging
        physics.deceleration = r.read(K.deceleration) ?? physics.deceleration
        physics.flingVelocity = r.read(K.flingVelocity) ?? physics.flingVelocity
        physics.snap = r.member(K.snap.name, readSpring) ?? physics.snap
        physics.rubberBand = r.read(K.rubberBand) ?? physics.rubberBand
        physics.bounces = r.read(K.bounces) ?? physics.bounces
        if physics.model != .uikit {
            // UIKit's own constants: another model has its library's and would silently ignore them.
            for key in [K.deceleration.name, K.flingVelocity.name, K.snap.name, K.rubberBand.name] where r.has(key) {
                r.report("applies to the `uikit` model only; `\(physics.model.rawValue)` moves with its library's "
                         + "own constants", key: key)
            }
            if !physics.paging, physics.model == .android || physics.model == .swiper {
                r.report("`\(physics.model.rawValue)` always pages (ViewPager, Swiper without free mode); free "
                         + "scrolling is `uikit`'s or `icarousel`'s", key: K.paging.name)
            }
        }
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
