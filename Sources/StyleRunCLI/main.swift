// stylerun: the command line. The table of commands; each lives in StyleRunCommands.
import Foundation
import StyleRunCommands

let commands: [any Command.Type] = [
    RunCommand.self,
    WatchCommand.self,
    LintCommand.self,
    TypesCommand.self,
    KindsCommand.self,
    PreviewCommand.self,
    ServeCommand.self,
    LSPCommand.self,
    SnapshotCommand.self,
    TokensCommand.self,
]

exit(CommandTable(program: "stylerun", commands: commands).main(CommandLine.arguments))
