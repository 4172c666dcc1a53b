extension ArgumentParser {
    /// The usage line of a command (nil: the default one), as printed after a usage error.
    ///
    ///     parser.usage(for: "lint")    // stylerun lint [PATH …] [options]
    public func usage(for command: String?) -> String {
        guard let c = commands.first(where: { $0.name == command }) else {
            preconditionFailure("No command named '\(command ?? "(default)")' is declared")
        }
        var parts = [program]
        if let name = c.name { parts.append(name) }
        for a in c.arguments {
            switch a {
            case .required(let n): parts.append(n)
            case .optional(let n): parts.append("[\(n)]")
            case .repeating(let n): parts.append("[\(n) …]")
            }
        }
        if !c.options.isEmpty { parts.append("[options]") }
        return parts.joined(separator: " ")
    }

    /// The help text of a command, generated from its declarations, ending in a newline.
    ///
    ///     print(parser.help(for: nil), terminator: "")
    ///     // Usage: stylerun FILE.lua [options]
    ///     //        stylerun lint [PATH …] [options]
    ///     //
    ///     // Print the styled tree.
    ///     //
    ///     // Commands:
    ///     //   lint    Check scripts.
    ///     //
    ///     // Options:
    ///     //       --format tree|json|html    Output format.
    ///
    /// The default command's help lists every command's usage and the commands; a named
    /// command's help shows its own usage. Options are listed in declaration order.
    public func help(for command: String?) -> String {
        guard let c = commands.first(where: { $0.name == command }) else {
            preconditionFailure("No command named '\(command ?? "(default)")' is declared")
        }
        let usages = c.name == nil ? commands.map { usage(for: $0.name) } : [usage(for: c.name)]
        var out = "Usage: " + usages.joined(separator: "\n       ") + "\n"
        if !c.summary.isEmpty { out += "\n" + c.summary + "\n" }

        let subcommands = c.name == nil ? commands.filter { $0.name != nil } : []
        if !subcommands.isEmpty {
            out += "\nCommands:\n"
            out += Self.columns(subcommands.map { ($0.name ?? "", $0.summary) })
        }
        if !c.options.isEmpty {
            out += "\nOptions:\n"
            out += Self.columns(c.options.map { (Self.label(of: $0), $0.help) })
        }
        return out
    }

    /// `-o, --output FILE` or `    --format tree|json|html`: long names line up.
    static func label(of option: Option) -> String {
        var label = option.short.map { "-\($0), " } ?? "    "
        label += "--" + option.name
        switch option.value {
        case .none: break
        case .text(let p), .count(let p), .number(let p): label += " " + p
        case .choice(let choices): label += " " + choices.joined(separator: "|")
        }
        return label
    }

    /// Two columns, indented by two, the second starting four spaces after the widest first.
    static func columns(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { left, right in
            let line = "  " + left + (right.isEmpty ? "" : String(repeating: " ", count: width - left.count + 4) + right)
            return line + "\n"
        }.joined()
    }
}
