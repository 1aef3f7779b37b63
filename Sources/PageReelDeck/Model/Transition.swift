/// How pages are placed as they scroll: a named preset, MAG's custom transition object, or a
/// transition of a paging library's catalogue (`TransitionCatalogue`).
public enum TransitionSpec: Sendable, Equatable {
    case named(TransitionName)
    case custom(CustomTransition)
    case catalogue(CatalogueTransition)
}

/// Every named transition (DESIGN §4), in the order `pagereel transitions` lists them.
public enum TransitionName: String, Sendable, Equatable, CaseIterable {
    // MAGPagedScrollView
    case none, slide, dive, roll, cards
    // PaperFoldGallery
    case fold
    // Beyond the seeds
    case coverflow, cube, depth, zoom
}

/// A catalogue transition's options as a deck gives them (`{"name": "swiper.coverflow", "rotate":
/// 40}` gives `rotate`): numbers, booleans, strings, arrays and objects, checked against the
/// transition's own option names when the deck is read.
public struct TransitionOptions: Sendable, Equatable {
    public indirect enum Value: Sendable, Equatable {
        case number(Double)
        case bool(Bool)
        case string(String)
        case array([Value])
        case object(TransitionOptions)
    }

    public var values: [String: Value]

    public init(_ values: [String: Value] = [:]) { self.values = values }

    public func number(_ key: String) -> Double? {
        if case .number(let x)? = values[key] { return x }
        return nil
    }

    public func bool(_ key: String) -> Bool? {
        if case .bool(let x)? = values[key] { return x }
        return nil
    }

    public func string(_ key: String) -> String? {
        if case .string(let x)? = values[key] { return x }
        return nil
    }

    public func array(_ key: String) -> [Value]? {
        if case .array(let x)? = values[key] { return x }
        return nil
    }

    public func object(_ key: String) -> TransitionOptions? {
        if case .object(let x)? = values[key] { return x }
        return nil
    }
}

/// MAGPagedScrollView's `PagedScrollViewTransitionProperties`, plus an eye distance.
public struct CustomTransition: Sendable, Equatable {
    /// Degrees of rotation per percent of a page away from the centre.
    public var angleRatio: Double = 0
    /// Page shift per page of distance, as a fraction of the page width: x by s, y by |s|.
    public var translation: (dx: Double, dy: Double) = (0, 0)
    /// The rotation axis (normalised when used).
    public var rotation: (x: Double, y: Double, z: Double) = (0, 0, 0)
    /// Eye distance in points; 0 = orthographic, as in MAG.
    public var perspective: Double = 0

    public init(angleRatio: Double = 0, translation: (dx: Double, dy: Double) = (0, 0),
                rotation: (x: Double, y: Double, z: Double) = (0, 0, 0), perspective: Double = 0) {
        self.angleRatio = angleRatio
        self.translation = translation
        self.rotation = rotation
        self.perspective = perspective
    }

    public static func == (a: CustomTransition, b: CustomTransition) -> Bool {
        a.angleRatio == b.angleRatio && a.translation == b.translation && a.rotation == b.rotation
            && a.perspective == b.perspective
    }
}

/// PaperFold options.
public struct FoldOptions: Sendable, Equatable {
    /// Number of accordion strips.
    public var folds: Int = 5

    public init(folds: Int = 5) { self.folds = folds }
}
