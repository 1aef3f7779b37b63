import ArgumentParser
import Foundation
import PageReel

/// `pagereel devices [--json]`: the device models with their screenshot sizes.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the device models, with the screenshot size each is chosen for.",
        discussion: """
        A deck names a model in "device" (or "device": {"model": …}). "auto" picks the model whose \
        screenshots have the pages' image size (else their shape, else the iPhone 16 Pro); "phone" and \
        "tablet" do the same among phones or tablets. Each model is held portrait or landscape \
        ("orientation"; by default landscape when the screenshots are wider than tall, the cut-out on \
        the left): both screenshot sizes are listed. Without a viewport the screen takes the model's \
        shape as held.

        Examples:
          pagereel devices
          pagereel devices --json
        """
    )

    @Flag(help: "Print the models as a JSON array.")
    var json = false

    func run() throws {
        let models = DeviceModel.all.filter { $0.kind != .browser }
        if json {
            Console.outRaw(Self.json(models) + "\n")
            return
        }
        var lines = [Self.row("NAME", "MODEL", "PORTRAIT, LANDSCAPE", "POINTS", "SCALE", "CUT-OUT")]
        for model in models {
            lines.append(Self.row(model.id, model.name,
                                  "\(model.pixelWidth)×\(model.pixelHeight), \(model.pixelHeight)×\(model.pixelWidth)",
                                  "\(Self.number(model.width))×\(Self.number(model.height))", Self.number(model.scale),
                                  Self.cutout(model)))
            if !model.sameScreen.isEmpty {
                let names = model.aliases.isEmpty ? "" : " (also named " + model.aliases.joined(separator: ", ") + ")"
                lines.append(Self.row("", "same screen: " + model.sameScreen.joined(separator: ", ") + names))
            }
        }
        lines += ["", "auto                 the model whose screenshots have the pages' image size (else shape), else \(DeviceModel.phone.id)",
                  "phone                the same among phones, else \(DeviceModel.phone.id)",
                  "tablet               the same among tablets, else \(DeviceModel.tablet.id)",
                  "phone-home-button    \(DeviceModel.phoneWithHomeButton.id)",
                  "browser              a browser window around a viewport of any size"]
        Console.outRaw(lines.joined(separator: "\n") + "\n")
    }

    private static func row(_ cells: String...) -> String {
        let widths = [21, 38, 24, 15, 7]
        var line = ""
        for (k, cell) in cells.enumerated() {
            line += k < widths.count && k < cells.count - 1 ? cell.padding(toLength: max(widths[k], cell.count + 1), withPad: " ", startingAt: 0) : cell
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    private static func number(_ x: Double) -> String {
        let rounded = (x * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func cutout(_ model: DeviceModel) -> String {
        switch model.cutout {
        case .island: "Dynamic Island"
        case .notch: "notch"
        case .punchHole: "punch hole"
        case .none: model.homeButton ? "home button" : "none"
        }
    }

    private static func json(_ models: [DeviceModel]) -> String {
        func string(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        let items = models.map { m in
            "  {\"name\": \(string(m.id)), \"model\": \(string(m.name)), \"kind\": \(string(m.kind.rawValue)), "
                + "\"screenshot\": [\(m.pixelWidth), \(m.pixelHeight)], "
                + "\"landscapeScreenshot\": [\(m.pixelHeight), \(m.pixelWidth)], \"points\": [\(number(m.width)), \(number(m.height))], "
                + "\"scale\": \(number(m.scale)), \"cornerRadius\": \(number(m.cornerRadius)), "
                + "\"cutout\": \(string(cutout(m))), \"statusBar\": \(number(m.statusBarHeight)), "
                + "\"sameScreen\": [\(m.sameScreen.map(string).joined(separator: ", "))], "
                + "\"aliases\": [\(m.aliases.map(string).joined(separator: ", "))]}"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]"
    }
}
