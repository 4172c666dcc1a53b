#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StyleCore

/// Whether output may use ANSI colors, and the styling the renderers apply when it may.
///
///     let terminal = Terminal.detect(fileDescriptor: 1)    // standard output
///     print(terminal.bold("Button") + terminal.dim("#subscribe"))
///
/// Colors are off when `NO_COLOR` is set to anything non-empty (no-color.org), when `TERM` is
/// `dumb`, or when the output is not a terminal. Renderers take a `Terminal` so that tests can
/// inject one instead of depending on how they were run. With colors off every styling method
/// returns its text unchanged.
public struct Terminal: Sendable, Equatable {
    /// Whether styling methods add ANSI escape sequences.
    public var colors: Bool

    /// A terminal with colors explicitly on or off.
    ///
    ///     let plain = Terminal(colors: false)
    public init(colors: Bool) {
        self.colors = colors
    }

    /// Decides from an environment and whether the output is a terminal.
    ///
    ///     Terminal(environment: ["TERM": "xterm-256color"], isTerminal: true).colors    // true
    ///     Terminal(environment: ["NO_COLOR": "1"], isTerminal: true).colors              // false
    public init(environment: [String: String], isTerminal: Bool) {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        self.colors = isTerminal && !noColor && !dumb
    }

    /// Colors never: for files, pipes and tests.
    public static let plain = Terminal(colors: false)

    /// Decides for a file descriptor (1 standard output, 2 standard error) of this process.
    ///
    ///     let errors = Terminal.detect(fileDescriptor: 2)
    public static func detect(fileDescriptor: Int32) -> Terminal {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return Terminal(environment: environment, isTerminal: isatty(fileDescriptor) == 1)
    }

    // MARK: Styling

    /// `text` in bold.
    ///
    ///     Terminal(colors: true).bold("Button")    // "\u{1B}[1mButton\u{1B}[0m"
    public func bold(_ text: String) -> String { sgr(.bold, text) }
    /// `text` dimmed (faint): guides, property names, codes.
    ///
    ///     terminal.dim("│  ")
    public func dim(_ text: String) -> String { sgr(.dim, text) }
    /// `text` struck through and dimmed: a value that lost.
    ///
    ///     terminal.struck("#000000")
    public func struck(_ text: String) -> String { sgr(.struck, text) }
    /// `text` in bold red: errors.
    ///
    ///     terminal.red("error:")
    public func red(_ text: String) -> String { sgr(.red, text) }
    /// `text` in bold yellow: warnings.
    ///
    ///     terminal.yellow("warning:")
    public func yellow(_ text: String) -> String { sgr(.yellow, text) }
    /// `text` in green: carets, additions.
    ///
    ///     terminal.green("^~~~")
    public func green(_ text: String) -> String { sgr(.green, text) }
    /// `text` in cyan: ids, classes, origins.
    ///
    ///     terminal.cyan("#subscribe")
    public func cyan(_ text: String) -> String { sgr(.cyan, text) }

    /// `██ ` drawn in the color itself (24-bit), or nothing with colors off.
    ///
    ///     terminal.swatch(Color(red: 0.6, green: 0.3, blue: 1))    // "\u{1B}[38;2;153;77;255m██\u{1B}[0m "
    public func swatch(_ color: Color) -> String {
        guard colors else { return "" }
        let b = color.bytes
        return "\u{1B}[38;2;\(b.red);\(b.green);\(b.blue)m██\u{1B}[0m "
    }

    /// The styles, as SGR parameters.
    enum Style: String {
        case bold = "1", dim = "2", struck = "2;9", red = "1;31", yellow = "1;33", green = "32", cyan = "36"
    }

    private func sgr(_ style: Style, _ text: String) -> String {
        guard colors, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }

    /// What `sgr` puts before a non-empty text, as bytes (nothing with colors off): for
    /// renderers that write bytes.
    func start(_ style: Style, into bytes: inout TextBytes) {
        guard colors else { return }
        bytes.append(byte: 0x1B)
        bytes.append(byte: UInt8(ascii: "["))
        bytes.append(style.rawValue)
        bytes.append(byte: UInt8(ascii: "m"))
    }

    /// What `sgr` puts after a non-empty text, as bytes.
    func end(into bytes: inout TextBytes) {
        guard colors else { return }
        bytes.append("\u{1B}[0m")
    }
}
