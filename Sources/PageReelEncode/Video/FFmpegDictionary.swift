import CFFmpeg

/// Owns an `AVDictionary` of string options for `avcodec_open2` / `avformat_write_header`.
///
/// Those calls consume the options they recognise and leave the rest in the dictionary, so what
/// remains afterwards is exactly the set of misspelt or unsupported option names.
final class FFmpegDictionary {
    var pointer: OpaquePointer?
    /// The options as given, in order, for error messages.
    let entries: [(key: String, value: String)]

    init(_ entries: [(key: String, value: String)], check: FFmpegCheck) throws(EncodeError) {
        self.entries = entries
        for entry in entries {
            try check(av_dict_set(&pointer, entry.key, entry.value, 0), "av_dict_set(\(entry.key))")
        }
    }

    deinit { av_dict_free(&pointer) }

    /// The options FFmpeg did not consume.
    var leftovers: [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(pointer, "", entry, AV_DICT_IGNORE_SUFFIX) {
            result.append((String(cString: next.pointee.key), String(cString: next.pointee.value)))
            entry = next
        }
        return result
    }

    /// Throws `.invalidOption` naming the first option FFmpeg did not recognise.
    func requireAllConsumed(by component: String, path: String) throws(EncodeError) {
        guard let first = leftovers.first else { return }
        throw .invalidOption(path: path, name: first.key, value: first.value,
                             message: "not an option of \(component)")
    }

    /// `key=value:key=value`, as FFmpeg's command line would show them.
    var summary: String { entries.map { "\($0.key)=\($0.value)" }.joined(separator: ":") }
}
