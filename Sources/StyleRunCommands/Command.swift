import StyleRun

/// One `stylerun` command: how it is spelt on the command line and what it does.
///
///     struct KindsCommand: Command {
///         static let spec = ArgumentParser.Command(name: "kinds", summary: "…", arguments: [], options: [])
///         static func run(_ arguments: ParsedArguments, console: Console) -> Int32 { 0 }
///     }
///
/// Commands own what the library leaves to its caller: standard output and error, signals and
/// the exit status. The status follows one rule by cause (docs/REFERENCE.md, "Exit codes"):
/// 0 success, 1 the script or its files are at fault, 2 the command line is.
public protocol Command {
    /// The name, summary, arguments and options, for parsing and for `--help`.
    static var spec: ArgumentParser.Command { get }
    /// Runs the command with its parsed arguments and returns the exit status.
    static func run(_ arguments: ParsedArguments, console: Console) -> Int32
}

/// The exit statuses of every command.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// The script, a linted file or an output file is at fault.
    public static let failure: Int32 = 1
    /// The command line is at fault: an unknown flag, a path that does not exist.
    public static let usage: Int32 = 2
}

/// The options every command that evaluates scripts takes.
enum LimitOptions {
    static let timeout = OptionKey<Double?>.number("timeout", placeholder: "SECONDS",
                                                   help: "Wall-clock limit for evaluating, styling and printing, > 0 (default 5).")
    static let memory = OptionKey<Int?>.count("memory", placeholder: "MiB", help: "Memory limit in MiB for what the script makes, > 0 (default 256).")
    static let instructions = OptionKey<Int?>.count("instructions", placeholder: "N", help: "Instruction limit, > 0 (default 1000000000).")

    static let options: [ArgumentParser.Option] = [timeout.option, memory.option, instructions.option]

    /// The usage error for a limit of zero, which would stop every script before its first
    /// instruction: refused rather than read as "no limit" (there is no unlimited setting; the
    /// operating-system backstop of an isolated run stays on whatever the limits are).
    static func check(_ arguments: ParsedArguments) -> String? {
        let zero = [(timeout.option, arguments[timeout] == 0), (memory.option, arguments[memory] == 0),
                    (instructions.option, arguments[instructions] == 0)]
        guard let (option, _) = zero.first(where: { $0.1 }) else { return nil }
        return "Invalid value '0' for '--\(option.name)': a limit must be greater than 0."
    }

    /// Applies the limits given on the command line to `runtime`.
    static func apply(_ arguments: ParsedArguments, to runtime: Runtime) {
        runtime.limits = limits(arguments, over: runtime.limits)
    }

    /// `base` with the limits given on the command line (the script size cap follows the
    /// memory limit: `Limits.scriptBytes`).
    static func limits(_ arguments: ParsedArguments, over base: Limits = .default) -> Limits {
        var limits = base
        if let t = arguments[timeout] { limits.seconds = t }
        if let m = arguments[memory] { limits.memory = min(m, 1 << 40) << 20 }  // no overflow
        if let n = arguments[instructions] { limits.instructions = Int64(n) }
        return limits
    }
}

/// Options several commands declare alike.
enum CommonOptions {
    /// `-h`, `--help`: every command takes it.
    static let help = OptionKey<Bool>.flag("help", short: "h", standsAlone: true, help: "Show this help.")
    static let theme = OptionKey<String?>.text("theme", placeholder: "NAME", help: "The theme to use, from the script's themes { … }.")
    static let noIsolation = OptionKey<Bool>.flag(
        "no-isolation", help: "Evaluate the scripts in this process instead of child processes: faster, for scripts you trust.")
}

/// `--layout` and `--width POINTS`: frames computed as UIKit would, for the commands that print
/// or record a tree.
enum LayoutArguments {
    static let layout = OptionKey<Bool>.flag("layout", help: "Compute each view's frame, as UIKit would (text in real fonts).")
    static let width = OptionKey<Double?>.number("width", placeholder: "POINTS",
                                                 help: "The screen's width for --layout (default 375); implies --layout.")
    static var options: [ArgumentParser.Option] { [layout.option, width.option] }
    /// The widest screen accepted: beyond it a number is a typo, not a device.
    static let maximumWidth = 100_000.0

    /// The width to lay out at, nil when no layout was asked for.
    static func width(_ arguments: ParsedArguments) -> Double? {
        if let w = arguments[width] { return w }
        return arguments[layout] ? 375 : nil
    }

    /// A usage problem with the width, in words for the user; nil when it is fine.
    static func check(_ arguments: ParsedArguments) -> String? {
        guard let w = arguments[width] else { return nil }
        let spelled = w == w.rounded() && abs(w) < 1e15 ? String(Int(w)) : String(w)
        if w <= 0 { return "--width must be more than 0 points; got \(spelled)." }
        if w > maximumWidth { return "--width must be at most \(Int(maximumWidth)) points; got \(spelled)." }
        return nil
    }
}

extension ArgumentParser.Option {
    /// `-h`, `--help`.
    static let help = CommonOptions.help.option
}
