import PageReelJSON

// The parts of a deck that say how it moves and what is drawn over and around the pages.

extension DeckEncoder {
    static func backdrop(_ backdrop: Backdrop) -> OrderedJSON {
        switch backdrop {
        case .color(let c): return color(c)
        case .gradient(let from, let to, let angle): return fill(.gradient(from: from, to: to, angle: angle))
        case .image(let path, let fit):
            typealias K = DeckFormat.BackdropImageKeys
            return .object([(K.image.name, .string(path)), (K.fit.name, .string(fit.rawValue))])
        }
    }

    static func device(_ device: Device) -> OrderedJSON {
        typealias K = DeckFormat.DeviceKeys
        typealias S = DeckFormat.StatusBarKeys
        let bar: OrderedJSON = device.statusBar.map {
            var members: [(String, OrderedJSON)] = [(S.time.name, .string($0.time))]
            if let style = $0.style { members.append((S.style.name, .string(style.rawValue))) }
            members.append((S.always.name, .bool($0.always)))
            return .object(members)
        } ?? .bool(false)
        var members: [(String, OrderedJSON)] = [(K.model.name, .string(device.name)),
                                                (K.orientation.name, .string(device.orientation.rawValue)),
                                                (K.color.name, color(device.color)),
                                                (K.statusBar.name, bar), (K.homeIndicator.name, .bool(device.homeIndicator)),
                                                (K.url.name, .string(device.url))]
        if device.pose != .rest { members.append((K.pose.name, pose(device.pose))) }
        return .object(members)
    }

    static func pose(_ pose: Pose) -> OrderedJSON {
        typealias P = DeckFormat.PoseKeys
        return .object([(P.rotateX.name, .number(pose.rotateX)), (P.rotateY.name, .number(pose.rotateY)),
                        (P.rotateZ.name, .number(pose.rotateZ)), (P.perspective.name, .number(pose.perspective)),
                        (P.scale.name, .number(pose.scale)),
                        (P.offset.name, .array([.number(pose.offsetX), .number(pose.offsetY)]))])
    }

    static func poseChange(_ change: PoseChange) -> OrderedJSON {
        typealias P = DeckFormat.PoseStepKeys
        var members: [(String, OrderedJSON)] = []
        for (name, value) in [(P.rotateX.name, change.rotateX), (P.rotateY.name, change.rotateY),
                              (P.rotateZ.name, change.rotateZ), (P.perspective.name, change.perspective),
                              (P.scale.name, change.scale)] {
            if let value { members.append((name, .number(value))) }
        }
        if change.offsetX != nil || change.offsetY != nil {
            members.append((P.offset.name, .array([.number(change.offsetX ?? 0), .number(change.offsetY ?? 0)])))
        }
        members.append((P.duration.name, .number(change.duration)))
        members.append((P.curve.name, .string(change.curve.rawValue)))
        return .object(members)
    }

    static func captions(_ captions: Captions) -> OrderedJSON {
        typealias K = DeckFormat.CaptionsKeys
        var members: [(String, OrderedJSON)] = [
            (K.position.name, .string(captions.position.rawValue)), (K.size.name, .number(captions.size)),
            (K.color.name, color(captions.color)), (K.font.name, .string(captions.font)),
            (K.weight.name, .string(captions.weight.rawValue)), (K.gap.name, .number(captions.gap)),
            (K.transition.name, .string(captions.transition.rawValue)),
        ]
        if let maxWidth = captions.maxWidth { members.append((K.maxWidth.name, .number(maxWidth))) }
        return .object(members)
    }

    static func tabs(_ tabs: Tabs) -> OrderedJSON {
        typealias K = DeckFormat.TabsKeys
        typealias S = DeckFormat.SelectorKeys
        return .object([
            (K.titles.name, .array(tabs.titles.map(OrderedJSON.string))),
            (K.height.name, .number(tabs.height)),
            (K.background.name, color(tabs.background)),
            (K.textColor.name, color(tabs.textColor)),
            (K.fontSize.name, .number(tabs.fontSize)),
            (K.weight.name, .string(tabs.weight.rawValue)),
            (K.font.name, .string(tabs.font)),
            (K.selector.name, .object([(S.color.name, color(tabs.selector.color)),
                                       (S.alpha.name, .number(tabs.selector.alpha)),
                                       (S.height.name, .number(tabs.selector.height))])),
        ])
    }

    static func indicator(_ indicator: Indicator) -> OrderedJSON {
        typealias K = DeckFormat.IndicatorKeys
        return .object([
            (K.style.name, .string(indicator.style.rawValue)), (K.color.name, color(indicator.color)),
            (K.activeColor.name, color(indicator.activeColor)), (K.size.name, .number(indicator.size)),
            (K.spacing.name, .number(indicator.spacing)), (K.offset.name, .number(indicator.offset)),
        ])
    }

    static func physics(_ physics: Physics) -> OrderedJSON {
        typealias K = DeckFormat.PhysicsKeys
        typealias S = DeckFormat.SpringKeys
        var members: [(String, OrderedJSON)] = [(K.model.name, .string(physics.model.rawValue)),
                                                (K.paging.name, .bool(physics.paging))]
        // UIKit's constants only mean something to its model (the decoder refuses them elsewhere).
        if physics.model == .uikit {
            members += [
                (K.deceleration.name, .number(physics.deceleration)),
                (K.flingVelocity.name, .number(physics.flingVelocity)),
                (K.snap.name, .object([(S.response.name, .number(physics.snap.response)),
                                       (S.dampingRatio.name, .number(physics.snap.dampingRatio))])),
                (K.rubberBand.name, .number(physics.rubberBand)),
            ]
        }
        members.append((K.bounces.name, .bool(physics.bounces)))
        return .object(members)
    }

    static func step(_ step: Step) -> OrderedJSON {
        typealias K = DeckFormat.StepKeys
        var members: [(String, OrderedJSON)] = []
        switch step.action {
        case .wait(let seconds): members.append((K.wait.name, .number(seconds)))
        case .drag(let drag):
            typealias D = DeckFormat.DragKeys
            var object: [(String, OrderedJSON)] = [(D.by.name, .number(drag.by)), (D.duration.name, .number(drag.duration)),
                                                   (D.curve.name, .string(drag.curve.rawValue))]
            if let velocity = drag.velocity { object.append((D.velocity.name, .number(velocity))) }
            object.append((D.release.name, .bool(drag.release)))
            members.append((K.drag.name, .object(object)))
        case .swipe(let direction): members.append((K.swipe.name, .string(direction.rawValue)))
        case .fling(let velocity):
            members.append((K.fling.name, .object([(DeckFormat.FlingKeys.velocity.name, .number(velocity))])))
        case .jump(let jump):
            typealias J = DeckFormat.JumpKeys
            var object: [(String, OrderedJSON)] = [(J.to.name, .number(Double(jump.to))),
                                                   (J.through.name, .bool(jump.through))]
            if let step = jump.step { object.append((J.step.name, .number(step))) }
            if let duration = jump.duration { object.append((J.duration.name, .number(duration))) }
            members.append((K.jump.name, .object(object)))
        case .tap(let tab): members.append((K.tap.name, .object([(DeckFormat.TapKeys.tab.name, .number(Double(tab)))])))
        case .hint(let hint):
            typealias H = DeckFormat.HintKeys
            members.append((K.hint.name, .object([(H.distance.name, .number(hint.distance)),
                                                  (H.duration.name, .number(hint.duration))])))
        case .transition(let spec): members.append((K.transition.name, transition(spec)))
        case .pose(let change): members.append((K.pose.name, poseChange(change)))
        case .camera(let move):
            typealias C = DeckFormat.CameraKeys
            var object: [(String, OrderedJSON)] = [(C.zoom.name, .number(move.zoom))]
            if let focus = move.focus { object.append((C.focus.name, .array([.number(focus.x), .number(focus.y)]))) }
            object += [(C.duration.name, .number(move.duration)), (C.curve.name, .string(move.curve.rawValue))]
            members.append((K.camera.name, .object(object)))
        }
        if let at = step.at { members.append((K.at.name, .number(at))) }
        return .object(members)
    }
}
