import Foundation
import StyleRun

/// The commands of a program, and the dispatch from its arguments to one of them.
///
///     exit(CommandTable(program: "stylerun", commands: [RunCommand.self, LintCommand.self])
///         .main(CommandLine.arguments))
///
/// The first command without a name is the default (`stylerun FILE.lua`). `stylerun __child …`
/// is the child of an isolated run (`IsolatedRun`): the same commands, with colors decided as
/// the parent's terminals would.
public struct CommandTable {
    public let program: String
    public let commands: [any Command.Type]
    public let parser: ArgumentParser

    public init(program: String, commands: [any Command.Type]) {
        self.program = program
        self.commands = commands
        var parser = ArgumentParser(program: program, commands: commands.map { $0.spec })
        parser.pathExists = { FileManager.default.fileExists(atPath: $0) }
        self.parser = parser
    }

    /// Runs the command that `arguments` (with the program's name first) names; returns its status.
    ///
    /// Output that could not be written (a closed or full standard output or error) makes the
    /// status non-zero: it is a sentence on standard error when that still works, and status 1
    /// when the command itself succeeded.
    public func main(_ arguments: [String]) -> Int32 {
        Console.reserveStandardDescriptors()
        let isChild = arguments.dropFirst().first == IsolatedRun.childCommand
        let console = isChild ? Self.childConsole() : Console.standard
        return Self.finish(run(arguments, isChild: isChild, console: console), console: console, program: program)
    }

    /// The exit status of a command that returned `status`, after the writes of `console`: a
    /// failed write is a sentence on standard error (when that still works) and not status 0.
    static func finish(_ status: Int32, console: Console, program: String) -> Int32 {
        guard let failure = console.writeFailure else { return status }
        if failure.stream == .standardOutput {
            console.error("\(program): \(failure.message)")
        }
        return status == ExitStatus.success ? ExitStatus.failure : status
    }

    private func run(_ arguments: [String], isChild: Bool, console: Console) -> Int32 {
        let rest = Array(arguments.dropFirst(isChild ? 2 : 1))
        if isChild {
            // The child starts once its parent has closed standard input, which it does after
            // applying the operating-system limits.
            let input = FileHandle.standardInput.readDataToEndOfFile()
            if rest == [IsolatedDynamicPass.childMode] {
                return ChildMode.run(IsolatedDynamicPass.childMode, input: input, console: console,
                                     faultsVariable: IsolatedDynamicPass.testFaultsVariable) { input, willEvaluate, emit throws(IsolatedDynamicPass.ChildRequestError) in
                    try IsolatedDynamicPass.serveChild(input: input, willEvaluate: willEvaluate, emit: emit)
                }
            }
            if rest == [IsolatedSnapshotEvaluator.childMode] {
                return ChildMode.run(IsolatedSnapshotEvaluator.childMode, input: input, console: console,
                                     faultsVariable: IsolatedSnapshotEvaluator.testFaultsVariable) { input, willEvaluate, emit throws(IsolatedDynamicPass.ChildRequestError) in
                    try IsolatedSnapshotEvaluator.serveChild(input: input, willEvaluate: willEvaluate, emit: emit)
                }
            }
        }
        let parsed: ParsedArguments
        do throws(ArgumentError) {
            parsed = try parser.parse(rest)
        } catch {
            // The usage of the command the line names: a mistake in `stylerun lint …` shows lint's.
            console.error("\(program): \(error.message)\n\(parser.usage(for: parser.commandName(in: rest)))")
            return ExitStatus.usage
        }
        if parsed[CommonOptions.help] {
            console.out(parser.help(for: parsed.command))
            return ExitStatus.success
        }
        guard let command = commands.first(where: { $0.spec.name == parsed.command }) else {
            preconditionFailure("the parser returned command '\(parsed.command ?? "")', which is not in the table")
        }
        return command.run(parsed, console: console)
    }

    /// Colors for the child of an isolated run, as its parent would decide them.
    private static func childConsole() -> Console {
        let environment = ProcessInfo.processInfo.environment
        let parentTerminals = environment[IsolatedRun.parentTerminalsVariable] ?? ""
        let colors = environment.filter { $0.key == "NO_COLOR" || $0.key == "TERM" }
        return Console(terminal: { fd in Terminal(environment: colors, isTerminal: parentTerminals.contains(String(fd))) })
    }
}
