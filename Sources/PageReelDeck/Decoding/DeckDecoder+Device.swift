import PageReelJSON

// The canvas's backdrop, the device and the captions.

extension DeckDecoder {
    /// A colour, a gradient `{from, to, angle}` or an image `{image, fit}`.
    static func readBackdrop(_ r: inout JSONReader) -> Backdrop? {
        switch r.value.content {
        case .string:
            return r.readColor().map(Backdrop.color)
        case .object where r.has(DeckFormat.BackdropImageKeys.image.name):
            typealias K = DeckFormat.BackdropImageKeys
            guard r.expectObject(K.spec) else { return nil }
            let fit = r.read(K.fit) ?? .fill
            return r.member(K.image.name) { readPath(&$0) }.map { Backdrop.image($0, fit: fit) }
        case .object:
            guard case .gradient(let from, let to, let angle)? = readFill(&r) else { return nil }
            return .gradient(from: from, to: to, angle: angle)
        default:
            r.reportType(expected: "a colour string, a gradient object or an image object")
            return nil
        }
    }

    /// A model name, or `{model, color, statusBar, homeIndicator, url}`.
    static func readDevice(_ r: inout JSONReader) -> Device? {
        typealias K = DeckFormat.DeviceKeys
        switch r.value.content {
        case .string:
            return readDeviceName(&r)
        case .object:
            guard r.expectObject(K.spec), r.has(K.model.name), var device = r.member(K.model.name, readDeviceName) else {
                return nil
            }
            device.orientation = r.read(K.orientation) ?? device.orientation
            device.color = r.read(K.color) ?? device.color
            if let bar = r.member(K.statusBar.name, readStatusBar) { device.statusBar = bar }
            device.homeIndicator = r.read(K.homeIndicator) ?? device.homeIndicator
            device.url = r.read(K.url) ?? device.url
            if let pose = r.member(K.pose.name, readPose) { device.pose = pose }
            return device
        default:
            r.reportType(expected: "a device name or an object")
            return nil
        }
    }

    /// `{rotateX, rotateY, rotateZ, perspective, scale, offset}`, each with its default.
    static func readPose(_ r: inout JSONReader) -> Pose? {
        typealias K = DeckFormat.PoseKeys
        guard r.expectObject(K.spec) else { return nil }
        var pose = Pose.rest
        pose.rotateX = r.read(K.rotateX) ?? pose.rotateX
        pose.rotateY = r.read(K.rotateY) ?? pose.rotateY
        pose.rotateZ = r.read(K.rotateZ) ?? pose.rotateZ
        pose.perspective = r.read(K.perspective) ?? pose.perspective
        pose.scale = r.read(K.scale) ?? pose.scale
        if let offset = r.read(K.offset) { (pose.offsetX, pose.offsetY) = (offset[0], offset[1]) }
        return pose
    }

    /// A device's name (`none` reads as no device, like a wrong name, but is not reported).
    static func readDeviceName(_ r: inout JSONReader) -> Device? {
        guard let name = r.readString(nonEmpty: false) else { return nil }
        if name == "none" { return nil }
        guard let device = Device(named: name) else {
            r.reportUnknown("device", name, among: Device.names)
            return nil
        }
        return device
    }

    /// `true` (the default bar), `false` (none) or `{time, style}`; the outer optional is nil when
    /// the value is wrong.
    static func readStatusBar(_ r: inout JSONReader) -> Device.StatusBar?? {
        typealias K = DeckFormat.StatusBarKeys
        switch r.value.content {
        case .bool(let on):
            return .some(on ? Device.StatusBar(always: true) : nil)
        case .object:
            guard r.expectObject(K.spec) else { return nil }
            var bar = Device.StatusBar()
            bar.time = r.read(K.time) ?? bar.time
            bar.style = r.read(K.style)
            bar.always = r.read(K.always) ?? bar.always
            return .some(bar)
        default:
            r.reportType(expected: "true, false or an object")
            return nil
        }
    }

    static func readCaptions(_ r: inout JSONReader) -> Captions? {
        typealias K = DeckFormat.CaptionsKeys
        guard r.expectObject(K.spec) else { return nil }
        var captions = Captions()
        captions.position = r.read(K.position) ?? captions.position
        captions.size = r.read(K.size) ?? captions.size
        captions.color = r.read(K.color) ?? captions.color
        captions.font = r.read(K.font) ?? captions.font
        captions.weight = r.read(K.weight) ?? captions.weight
        captions.gap = r.read(K.gap) ?? captions.gap
        captions.maxWidth = r.read(K.maxWidth)
        captions.transition = r.read(K.transition) ?? captions.transition
        return captions
    }
}
