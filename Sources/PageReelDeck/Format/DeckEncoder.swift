import PageReelJSON

/// Writes a `Deck` as deck JSON, every key spelled as `DeckFormat` declares it.
///
/// A deck built in Swift (a UI-test target that has just taken screenshots) goes through the same
/// checks as one written by hand: the facade encodes it and decodes the text with `DeckDecoder`,
/// so limits, colours and cross-checks are judged once, with JSON paths in the messages. Every value
/// is written out, defaults included, and numbers round-trip exactly, so
/// `DeckDecoder.decode(DeckEncoder.json(deck)) == deck` for every deck the decoder accepts.
public enum DeckEncoder {
    /// The deck as pretty-printed JSON text.
    public static func json(_ deck: Deck) -> String {
        typealias K = DeckFormat.RootKeys
        var members: [(String, OrderedJSON)] = [
            (K.version.name, .number(Double(deck.version))),
            (K.canvas.name, canvas(deck.canvas)),
        ]
        // A viewport the deck left out is left out again, so it is laid out again the same way.
        if !deck.automaticViewport { members.append((K.viewport.name, viewport(deck.viewport))) }
        members += [
            (K.layout.name, layout(deck.layout)),
            (K.clip.name, .bool(deck.clip)),
            (K.transition.name, transition(deck.transition)),
            (K.perspective.name, .number(deck.perspective)),
            (K.fold.name, .object([(DeckFormat.FoldKeys.folds.name, .number(Double(deck.fold.folds)))])),
            (K.page.name, pageStyle(deck.pageStyle)),
            (K.pages.name, pages(deck.pages)),
        ]
        if let tabs = deck.tabs { members.append((K.tabs.name, self.tabs(tabs))) }
        if let indicator = deck.indicator { members.append((K.indicator.name, self.indicator(indicator))) }
        members += [
            (K.touches.name, .bool(deck.touches)),
            (K.physics.name, physics(deck.physics)),
            (K.script.name, .array(deck.script.map(step))),
            (K.tail.name, .number(deck.tail)),
        ]
        if let duration = deck.duration { members.append((K.duration.name, .number(duration))) }
        members.append((K.fonts.name, .array(deck.fonts.map(OrderedJSON.string))))
        if let device = deck.device { members.append((K.device.name, self.device(device))) }
        members.append((K.captions.name, captions(deck.captions)))
        members.append((K.audio.name, audio(deck.audio)))
        // Text is written in the deck's locale; the list says which locales there are (decode it
        // in `deck.locale` to read it back as it is).
        if !deck.locales.isEmpty { members.append((K.locales.name, .array(deck.locales.map(OrderedJSON.string)))) }
        return OrderedJSON.object(members).rendered()
    }

    static func color(_ c: Color) -> OrderedJSON {
        let hex = [c.r, c.g, c.b, c.a].map { byte -> String in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return .string("#" + hex.joined())
    }

    static func fill(_ fill: Fill) -> OrderedJSON {
        typealias K = DeckFormat.GradientKeys
        switch fill {
        case .color(let c): return color(c)
        case .gradient(let from, let to, let angle):
            return .object([(K.from.name, color(from)), (K.to.name, color(to)), (K.angle.name, .number(angle))])
        }
    }

    static func canvas(_ canvas: Canvas) -> OrderedJSON {
        typealias K = DeckFormat.CanvasKeys
        return .object([(K.width.name, .number(Double(canvas.width))), (K.height.name, .number(Double(canvas.height))),
                        (K.fps.name, .number(Double(canvas.fps))), (K.background.name, backdrop(canvas.background))])
    }

    static func viewport(_ rect: Rect) -> OrderedJSON {
        typealias K = DeckFormat.ViewportKeys
        return .object([(K.x.name, .number(rect.x)), (K.y.name, .number(rect.y)), (K.width.name, .number(rect.width)),
                        (K.height.name, .number(rect.height))])
    }

    static func transition(_ spec: TransitionSpec) -> OrderedJSON {
        typealias K = DeckFormat.CustomTransitionKeys
        switch spec {
        case .named(let name): return .string(name.rawValue)
        case .catalogue(let transition):
            guard !transition.options.values.isEmpty else { return .string(transition.name) }
            return .object([(DeckFormat.CatalogueTransitionKeys.name, .string(transition.name))]
                + transition.options.values.sorted { $0.key < $1.key }.map { ($0.key, optionValue($0.value)) })
        case .custom(let custom):
            return .object([
                (K.angleRatio.name, .number(custom.angleRatio)),
                (K.translation.name, .array([.number(custom.translation.dx), .number(custom.translation.dy)])),
                (K.rotation.name, .array([.number(custom.rotation.x), .number(custom.rotation.y),
                                          .number(custom.rotation.z)])),
                (K.perspective.name, .number(custom.perspective)),
            ])
        }
    }

    static func layout(_ layout: Layout) -> OrderedJSON {
        typealias K = DeckFormat.LayoutKeys
        var members: [(String, OrderedJSON)] = [(K.orientation.name, .string(layout.orientation.rawValue)),
                                                (K.direction.name, .string(layout.direction.rawValue))]
        if let w = layout.pageWidth { members.append((K.pageWidth.name, .number(w))) }
        if let h = layout.pageHeight { members.append((K.pageHeight.name, .number(h))) }
        members += [(K.spacing.name, .number(layout.spacing)), (K.align.name, .string(layout.align.rawValue)),
                    (K.wrap.name, .bool(layout.wrap))]
        return .object(members)
    }

    static func optionValue(_ value: TransitionOptions.Value) -> OrderedJSON {
        switch value {
        case .number(let x): .number(x)
        case .bool(let b): .bool(b)
        case .string(let s): .string(s)
        case .array(let items): .array(items.map(optionValue))
        case .object(let options): .object(options.values.sorted { $0.key < $1.key }.map { ($0.key, optionValue($0.value)) })
        }
    }

    static func pageStyle(_ style: PageStyle) -> OrderedJSON {
        typealias K = DeckFormat.PageStyleKeys
        typealias S = DeckFormat.ShadowKeys
        let shadow: OrderedJSON = style.shadow.map {
            .object([(S.color.name, color($0.color)), (S.radius.name, .number($0.radius)),
                     (S.offsetX.name, .number($0.offsetX)), (S.offsetY.name, .number($0.offsetY))])
        } ?? .bool(false)
        return .object([(K.cornerRadius.name, .number(style.cornerRadius)), (K.shadow.name, shadow),
                        (K.background.name, fill(style.background))])
    }

    static func pages(_ pages: PageList) -> OrderedJSON {
        typealias K = DeckFormat.PageTemplateKeys
        switch pages {
        case .list(let list): return .array(list.map(page))
        case .template(let count, let template):
            return .object([(K.count.name, .number(Double(count))), (K.template.name, page(template))])
        }
    }

    static func page(_ page: Page) -> OrderedJSON {
        typealias K = DeckFormat.PageKeys
        var members: [(String, OrderedJSON)] = []
        if let background = page.background { members.append((K.background.name, fill(background))) }
        if let image = page.image { members.append((K.image.name, .string(image))) }
        if let video = page.video { members.append((K.video.name, self.video(video))) }
        members.append((K.fit.name, .string(page.fit.rawValue)))
        if let anchor = page.anchor { members.append((K.anchor.name, .string(anchor.rawValue))) }
        if let statusBar = page.statusBar { members.append((K.statusBar.name, .bool(statusBar))) }
        if let title = page.title { members.append((K.title.name, .string(title))) }
        if let subtitle = page.subtitle { members.append((K.subtitle.name, .string(subtitle))) }
        if let caption = page.caption { members.append((K.caption.name, .string(caption))) }
        members += [(K.textColor.name, color(page.textColor)), (K.markup.name, .bool(page.markup)),
                    (K.layers.name, .array(page.layers.map(layer)))]
        return .object(members)
    }

    static func layer(_ layer: Layer) -> OrderedJSON {
        typealias K = DeckFormat.LayerKeys
        var members: [(String, OrderedJSON)] = []
        switch layer.content {
        case .image(let path): members.append((K.image.name, .string(path)))
        case .video(let video): members.append((K.video.name, self.video(video)))
        case .text(let style):
            members += [(K.text.name, .string(style.string)), (K.size.name, .number(style.size)),
                        (K.weight.name, .string(style.weight.rawValue)), (K.color.name, color(style.color)),
                        (K.align.name, .string(style.align.rawValue)), (K.font.name, .string(style.font)),
                        (K.lineHeight.name, .number(style.lineHeight)), (K.markup.name, .bool(style.markup))]
        }
        members += [(K.x.name, .number(layer.x)), (K.y.name, .number(layer.y))]
        if let width = layer.width { members.append((K.width.name, .number(width))) }
        if let height = layer.height { members.append((K.height.name, .number(height))) }
        members += [(K.fit.name, .string(layer.fit.rawValue)), (K.opacity.name, .number(layer.opacity)),
                    (K.parallax.name, .object([(DeckFormat.ParallaxKeys.x.name, .number(layer.parallax.x)),
                                               (DeckFormat.ParallaxKeys.y.name, .number(layer.parallax.y))]))]
        return .object(members)
    }

    static func video(_ video: Video) -> OrderedJSON {
        typealias K = DeckFormat.VideoKeys
        var members: [(String, OrderedJSON)] = [(K.file.name, .string(video.file)), (K.start.name, .number(video.start))]
        if let end = video.end { members.append((K.end.name, .number(end))) }
        members += [(K.loop.name, .bool(video.loop)), (K.rate.name, .number(video.rate)),
                    (K.play.name, .string(video.play.rawValue))]
        if let fit = video.fit { members.append((K.fit.name, .string(fit.rawValue))) }
        members.append((K.volume.name, .number(video.volume)))
        return .object(members)
    }

    static func audio(_ audio: Audio) -> OrderedJSON {
        typealias K = DeckFormat.AudioKeys
        var members: [(String, OrderedJSON)] = []
        if let music = audio.music {
            typealias M = DeckFormat.MusicKeys
            members.append((K.music.name, .object([
                (M.file.name, .string(music.file)), (M.start.name, .number(music.start)),
                (M.volume.name, .number(music.volume)), (M.fadeIn.name, .number(music.fadeIn)),
                (M.fadeOut.name, .number(music.fadeOut)), (M.loop.name, .bool(music.loop)),
            ])))
        }
        if let touches = audio.touches {
            typealias T = DeckFormat.TouchSoundKeys
            var sounds: [(String, OrderedJSON)] = [(T.volume.name, .number(touches.volume))]
            if let tap = touches.tap { sounds.append((T.tap.name, .string(tap))) }
            if let drag = touches.drag { sounds.append((T.drag.name, .string(drag))) }
            members.append((K.touches.name, .object(sounds)))
        } else {
            members.append((K.touches.name, .bool(false)))
        }
        members.append((K.recordings.name, .bool(audio.recordings)))
        return .object(members)
    }
}
