import PageReelJSON

extension VideoDiff.Result {
    /// `{"same", "frames", "changed": [{"from", "to", "fromTime", "toTime", "maxChanged", "box", …}], …}`.
    public var json: String {
        let result = self
        func number(_ value: Double, places: Double) -> OrderedJSON { .number((value * places).rounded() / places) }
        func side(_ side: VideoDiff.Result.Side) -> OrderedJSON {
            .object([("path", .string(side.path)), ("width", .number(Double(side.width))),
                     ("height", .number(Double(side.height))), ("frames", .number(Double(side.frames))),
                     ("duration", number(side.duration, places: 1000))])
        }
        let changed: [OrderedJSON] = result.changed.map { range in
            var members: [(String, OrderedJSON)] = [
                ("from", .number(Double(range.from))), ("to", .number(Double(range.to))),
                ("fromTime", number(range.fromTime, places: 1000)), ("toTime", number(range.toTime, places: 1000)),
                ("maxChanged", number(range.maxChanged, places: 1_000_000)),
                ("box", .array(range.box.map { .number(Double($0)) })),
                ("around", .array(range.around.map { .number(Double($0)) })),
                ("mostChanged", .number(Double(range.mostChanged))),
            ]
            if let note = range.note { members.append(("note", .string(note))) }
            return .object(members)
        }
        return OrderedJSON.object([("same", .bool(result.same)), ("frames", .number(Double(result.frames))),
                        ("changed", .array(changed)), ("old", side(result.old)), ("new", side(result.new))]).rendered()
    }
}
