// `script`: the gesture steps, each an object with one action key and an optional `at`.

extension DeckDecoder {
    static let actionKeys = ["wait", "drag", "swipe", "fling", "jump", "tap", "hint", "transition"]

    /// What the script is checked against: jumps must land on a page, taps on a tab.
    struct ScriptContext {
        /// nil when the pages could not be read (then page numbers are not checked).
        var pageCount: Int?
        /// Whether the deck has a `tabs` key at all.
        var hasTabs: Bool
        /// nil when there are no tabs or they could not be read.
        var tabCount: Int?
    }

    static func readScript(_ r: inout JSONReader, context: ScriptContext) -> [Step]? {
        guard r.value.elements != nil else {
            r.reportType(expected: "an array of steps")
            return nil
        }
        return r.elements { r, _ in readStep(&r, context: context) }
    }

    static func readStep(_ r: inout JSONReader, context: ScriptContext) -> Step? {
        guard r.expectObject(keys: actionKeys + ["at"]) else { return nil }
        let at = r.number("at", .nonNegative)
        let actions = actionKeys.filter { r.has($0) }
        guard actions.count == 1 else {
            if actions.count > 1 {
                r.report("has \(actions.count) actions (\(actions.joined(separator: ", "))); use one per step")
            } else if !(r.value.members ?? []).contains(where: { $0.key != "at" }) {
                // With an unknown key, its "did you mean" issue already says what is wrong.
                r.report("needs one action: \(JSONReader.list(actionKeys))")
            }
            return nil
        }
        let action: Step.Action?
        switch actions[0] {
        case "wait": action = r.number("wait", .nonNegative).map(Step.Action.wait)
        case "drag": action = r.member("drag", readDrag).map(Step.Action.drag)
        case "swipe": action = r.choice("swipe", "swipe direction").map(Step.Action.swipe)
        case "fling": action = r.member("fling", readFling)
        case "jump": action = r.member("jump") { readJump(&$0, pageCount: context.pageCount) }.map(Step.Action.jump)
        case "tap": action = r.member("tap") { readTap(&$0, context: context) }
        case "transition": action = r.member("transition", readTransition).map(Step.Action.transition)
        default: action = r.member("hint", readHint).map(Step.Action.hint)
        }
        return action.map { Step($0, at: at) }
    }

    static let dragKeys = ["by", "duration", "curve", "velocity", "release"]

    static func readDrag(_ r: inout JSONReader) -> Step.Drag? {
        guard r.expectObject(keys: dragKeys) else { return nil }
        _ = r.require("by")
        _ = r.require("duration")
        let by = r.number("by", .limit(-1000...1000, unit: " pages"))
        let duration = r.number("duration", .positive)
        let curve: Step.Curve? = r.choice("curve", "curve")
        let velocity = r.number("velocity")
        let release = r.bool("release")
        guard let by, let duration else { return nil }
        return Step.Drag(by: by, duration: duration, curve: curve ?? .linear, velocity: velocity,
                         release: release ?? true)
    }

    static let flingKeys = ["velocity"]

    static func readFling(_ r: inout JSONReader) -> Step.Action? {
        guard r.expectObject(keys: flingKeys), r.require("velocity") else { return nil }
        return r.number("velocity").map { Step.Action.fling(velocity: $0) }
    }

    static let jumpKeys = ["to", "through", "step", "duration"]

    static func readJump(_ r: inout JSONReader, pageCount: Int?) -> Step.Jump? {
        guard r.expectObject(keys: jumpKeys) else { return nil }
        _ = r.require("to")
        let to = r.member("to") { r -> Int? in
            guard let page = r.readInt(.nonNegative) else { return nil }
            if let pageCount, page >= pageCount {
                r.report("page \(page) is past the last page (\(pageCount - 1))")
                return nil
            }
            return page
        }
        var jump = Step.Jump(to: to ?? 0)
        jump.through = r.bool("through") ?? jump.through
        jump.step = r.number("step", .positive) ?? jump.step
        jump.duration = r.number("duration", .positive) ?? jump.duration
        return to == nil ? nil : jump
    }

    static let tapKeys = ["tab"]

    /// A tap on a tab; the deck must have tabs and the tab must exist.
    static func readTap(_ r: inout JSONReader, context: ScriptContext) -> Step.Action? {
        guard r.expectObject(keys: tapKeys) else { return nil }
        if !context.hasTabs { r.report("needs \"tabs\"") }
        guard r.require("tab") else { return nil }
        let tab = r.member("tab") { r -> Int? in
            guard let tab = r.readInt(.nonNegative) else { return nil }
            if let tabCount = context.tabCount, tab >= tabCount {
                r.report("tab \(tab) is past the last tab (\(tabCount - 1))")
                return nil
            }
            return tab
        }
        return tab.map { Step.Action.tap(tab: $0) }
    }

    static let hintKeys = ["distance", "duration"]

    static func readHint(_ r: inout JSONReader) -> Step.Hint? {
        guard r.expectObject(keys: hintKeys) else { return nil }
        var hint = Step.Hint()
        let distance = r.member("distance") { r -> Double? in
            guard let distance = r.readNumber() else { return nil }
            if distance == 0 { r.report("must not be 0") }
            return distance == 0 ? nil : distance
        }
        hint.distance = distance ?? hint.distance
        hint.duration = r.number("duration", .positive) ?? hint.duration
        return hint
    }
}
