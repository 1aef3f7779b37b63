import PageReelJSON

// `script`: the gesture steps, each an object with one action key and an optional `at`.

extension DeckDecoder {
    /// The action keys, one per step.
    static var actionKeys: [String] { DeckFormat.StepKeys.actions.map(\.name) }

    /// What the script is checked against: jumps must land on a page, taps on a tab.
    struct ScriptContext {
        /// nil when the pages could not be read (then page numbers are not checked).
        var pageCount: Int?
        /// Whether the deck has a `tabs` key at all.
        var hasTabs: Bool
        /// nil when there are no tabs or they could not be read.
        var tabCount: Int?
        /// Whether the deck has a device (a `pose` step turns it); nil when unknown.
        var hasDevice: Bool? = nil
    }

    static func readScript(_ r: inout JSONReader, context: ScriptContext) -> [Step]? {
        guard r.value.elements != nil else {
            r.reportType(expected: "an array of steps")
            return nil
        }
        return r.elements { r, _ in readStep(&r, context: context) }
    }

    static func readStep(_ r: inout JSONReader, context: ScriptContext) -> Step? {
        typealias K = DeckFormat.StepKeys
        guard r.expectObject(K.spec) else { return nil }
        let at = r.read(K.at)
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
        case K.wait.name: action = r.read(K.wait).map(Step.Action.wait)
        case K.drag.name: action = r.member(K.drag.name, readDrag).map(Step.Action.drag)
        case K.swipe.name: action = r.read(K.swipe).map(Step.Action.swipe)
        case K.fling.name: action = r.member(K.fling.name, readFling)
        case K.jump.name: action = r.member(K.jump.name) { readJump(&$0, pageCount: context.pageCount) }.map(Step.Action.jump)
        case K.tap.name: action = r.member(K.tap.name) { readTap(&$0, context: context) }
        case K.transition.name: action = r.member(K.transition.name, readTransition).map(Step.Action.transition)
        case K.pose.name: action = r.member(K.pose.name) { readPoseStep(&$0, context: context) }.map(Step.Action.pose)
        case K.camera.name: action = r.member(K.camera.name, readCamera).map(Step.Action.camera)
        default: action = r.member(K.hint.name, readHint).map(Step.Action.hint)
        }
        return action.map { Step($0, at: at) }
    }

    static func readDrag(_ r: inout JSONReader) -> Step.Drag? {
        typealias K = DeckFormat.DragKeys
        guard r.expectObject(K.spec) else { return nil }
        let by = r.read(K.by)
        let duration = r.read(K.duration)
        let curve = r.read(K.curve)
        let velocity = r.read(K.velocity)
        let release = r.read(K.release)
        guard let by, let duration else { return nil }
        return Step.Drag(by: by, duration: duration, curve: curve ?? .linear, velocity: velocity,
                         release: release ?? true)
    }

    static func readFling(_ r: inout JSONReader) -> Step.Action? {
        guard r.expectObject(DeckFormat.FlingKeys.spec) else { return nil }
        return r.read(DeckFormat.FlingKeys.velocity).map { Step.Action.fling(velocity: $0) }
    }

    static func readJump(_ r: inout JSONReader, pageCount: Int?) -> Step.Jump? {
        typealias K = DeckFormat.JumpKeys
        guard r.expectObject(K.spec) else { return nil }
        let to = r.member(K.to.name) { r -> Int? in
            guard let page = K.to.read(&r) else { return nil }
            if let pageCount, page >= pageCount {
                r.report("page \(page) is past the last page (\(pageCount - 1))")
                return nil
            }
            return page
        }
        var jump = Step.Jump(to: to ?? 0)
        jump.through = r.read(K.through) ?? jump.through
        jump.step = r.read(K.step)
        jump.duration = r.read(K.duration)
        return to == nil ? nil : jump
    }

    /// A tap on a tab; the deck must have tabs and the tab must exist.
    static func readTap(_ r: inout JSONReader, context: ScriptContext) -> Step.Action? {
        typealias K = DeckFormat.TapKeys
        if r.value.members != nil, !context.hasTabs { r.report("needs \"tabs\"") }
        guard r.expectObject(K.spec) else { return nil }
        let tab = r.member(K.tab.name) { r -> Int? in
            guard let tab = K.tab.read(&r) else { return nil }
            if let tabCount = context.tabCount, tab >= tabCount {
                r.report("tab \(tab) is past the last tab (\(tabCount - 1))")
                return nil
            }
            return tab
        }
        return tab.map { Step.Action.tap(tab: $0) }
    }

    /// A turn of the device; the deck must have one.
    static func readPoseStep(_ r: inout JSONReader, context: ScriptContext) -> PoseChange? {
        typealias K = DeckFormat.PoseStepKeys
        if r.value.members != nil, context.hasDevice == false { r.report("needs a \"device\" to turn") }
        guard r.expectObject(K.spec) else { return nil }
        var change = PoseChange()
        change.rotateX = r.read(K.rotateX)
        change.rotateY = r.read(K.rotateY)
        change.rotateZ = r.read(K.rotateZ)
        change.perspective = r.read(K.perspective)
        change.scale = r.read(K.scale)
        if let offset = r.read(K.offset) { (change.offsetX, change.offsetY) = (offset[0], offset[1]) }
        change.duration = r.read(K.duration) ?? change.duration
        change.curve = r.read(K.curve) ?? change.curve
        return change
    }

    static func readCamera(_ r: inout JSONReader) -> CameraMove? {
        typealias K = DeckFormat.CameraKeys
        guard r.expectObject(K.spec) else { return nil }
        let zoom = r.read(K.zoom)
        var move = CameraMove(zoom: zoom ?? 1)
        if let focus = r.read(K.focus) { move.focus = (focus[0], focus[1]) }
        move.duration = r.read(K.duration) ?? move.duration
        move.curve = r.read(K.curve) ?? move.curve
        return zoom == nil ? nil : move
    }

    static func readHint(_ r: inout JSONReader) -> Step.Hint? {
        typealias K = DeckFormat.HintKeys
        guard r.expectObject(K.spec) else { return nil }
        var hint = Step.Hint()
        hint.distance = r.read(K.distance) ?? hint.distance
        hint.duration = r.read(K.duration) ?? hint.duration
        return hint
    }
}
