import Foundation

/// Font files for tests.
public enum FontFixtures {
    /// DejaVu Serif with "DejaVu" renamed to "Zqxjkv" in its name table (same length, so offsets
    /// stay valid): a font whose family no machine has installed.
    public static func renamedDejaVuSerif() throws -> [UInt8] {
        var font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")))
        func u16(_ o: Int) -> Int { Int(font[o]) << 8 | Int(font[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        var name: Int?
        for k in 0..<u16(4) where String(decoding: font[12 + 16 * k..<12 + 16 * k + 4], as: UTF8.self) == "name" {
            name = u32(12 + 16 * k + 8)
        }
        guard let table = name else { throw Command.Failure(description: "DejaVuSerif.ttf has no name table") }
        let storage = table + u16(table + 4)
        for r in 0..<u16(table + 2) {
            let record = table + 6 + 12 * r
            let start = storage + u16(record + 10), length = u16(record + 8)
            let utf16 = u16(record) == 0 || u16(record) == 3
            let from = utf16 ? Array("DejaVu".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) : Array("DejaVu".utf8)
            let to = utf16 ? Array("Zqxjkv".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) : Array("Zqxjkv".utf8)
            var i = start
            while i + from.count <= start + length {
                if Array(font[i..<i + from.count]) == from {
                    font.replaceSubrange(i..<i + from.count, with: to)
                    i += from.count
                } else {
                    i += utf16 ? 2 : 1
                }
            }
        }
        return font
    }
}
