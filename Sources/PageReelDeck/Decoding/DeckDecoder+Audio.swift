// Reads `audio`: music, touch sounds, recordings.

import PageReelJSON

extension DeckDecoder {
    static func readAudio(_ r: inout JSONReader) -> Audio? {
        typealias K = DeckFormat.AudioKeys
        guard r.expectObject(K.spec) else { return nil }
        var audio = Audio()
        audio.music = r.member(K.music.name, readMusic)
        audio.touches = r.member(K.touches.name, readTouchSounds) ?? nil
        audio.recordings = r.read(K.recordings) ?? audio.recordings
        return audio
    }

    /// `music`: a path, or `{file, start, volume, fadeIn, fadeOut, loop}`.
    static func readMusic(_ r: inout JSONReader) -> Audio.Music? {
        typealias K = DeckFormat.MusicKeys
        switch r.value.content {
        case .string:
            return readPath(&r).map { Audio.Music(file: $0) }
        case .object:
            guard r.expectObject(K.spec) else { return nil }
            let file = r.read(K.file)
            var music = Audio.Music(file: file ?? "")
            music.start = r.read(K.start) ?? music.start
            music.volume = r.read(K.volume) ?? music.volume
            music.fadeIn = r.read(K.fadeIn) ?? music.fadeIn
            music.fadeOut = r.read(K.fadeOut) ?? music.fadeOut
            music.loop = r.read(K.loop) ?? music.loop
            return file == nil ? nil : music
        default:
            r.reportType(expected: "a path or a music object")
            return nil
        }
    }

    /// `touches`: `true` (the built-in click for taps), `false`, or `{volume, tap, drag}`.
    static func readTouchSounds(_ r: inout JSONReader) -> Audio.Touches?? {
        typealias K = DeckFormat.TouchSoundKeys
        switch r.value.content {
        case .bool:
            return r.readBool().map { $0 ? Audio.Touches() : nil }
        case .object:
            guard r.expectObject(K.spec) else { return nil }
            var touches = Audio.Touches()
            touches.volume = r.read(K.volume) ?? touches.volume
            touches.tap = r.read(K.tap)
            touches.drag = r.read(K.drag)
            return .some(touches)
        default:
            r.reportType(expected: "true, false or a touch sounds object")
            return nil
        }
    }
}
