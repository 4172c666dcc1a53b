import Foundation
import LuaSyntax
import StyleCore
import StyleLua

// Calls: the style primitives (REFERENCE §1.4), value constructors (§1.2), and views (§1.5).
extension StaticAnalysis {
    func call(_ call: CallExpression) -> StaticValue {
        let callee = evaluate(call.callee)
        if case .kind(let kind) = callee, call.arguments.count == 1, case .table(let table) = call.arguments[0] {
            construct(kind, table)
            return .view(kind)
        }
        // `style = {…}` lists and `kind` property tables are read field by field where needed.
        let values = call.arguments.map { evaluate($0) }
        let arguments = zip(values, call.arguments).map { StylePart(value: $0, range: $1.range) }
        switch callee {
        case .api(let function):
            return api(function, arguments, call: call)
        case .namespace(.color):
            return colorLiteral(arguments, call: call)
        case .namespace(.image):
            return .value(.typed(.image(.named("")), at: call.range))
        case .style(let style):
            // `primaryButtonStyle(button)` is `with(button, primaryButtonStyle)`.
            if case .view(let kind)? = values.first {
                use(.style(style), on: kind)
                return .view(kind)
            }
            return .unknown
        default:
            return .unknown
        }
    }

    private func api(_ function: APIFunction, _ arguments: [StylePart], call: CallExpression) -> StaticValue {
        let at = call.callee.range
        checkArity(function, call: call)
        func argument(_ i: Int) -> StaticValue { i < arguments.count ? arguments[i].value : .unknown }
        switch function {
        case .mut:
            guard arguments.count >= 1 else { return .style(.opaque) }
            return mut(arguments[0], value: argument(1), expression: call.arguments.count > 1 ? call.arguments[1] : nil, at: at)
        case .mver:
            guard arguments.count >= 1 else { return .style(.opaque) }
            return mver(arguments[0], at: at)
        case .concat:
            return compose(arguments, explicit: nil, operators: arguments.map { _ in at })
        case .style:
            let parts = Array(arguments.dropFirst())
            guard case .kind(let kind) = argument(0) else {
                guard case .style(var style) = compose(parts, explicit: nil, operators: parts.map { _ in at }) else { return .style(.opaque) }
                style.kind = nil
                return .style(style)
            }
            return compose(parts, explicit: kind, operators: parts.map { _ in at })
        case .with:
            if case .view(let kind) = argument(0) { use(argument(1), on: kind); return .view(kind) }
            use(argument(1), on: Schema.view)
            return .unknown
        case .appearance:
            if case .kind(let kind) = argument(0) { use(argument(1), on: kind) } else { use(argument(1), on: Schema.view) }
            return .unknown
        case .rule:
            rule(arguments, call: call)
            return .unknown
        case .when:
            return when(arguments, call: call)
        case .traits:
            // A table, not a function: calling it is the runtime's error to report.
            return .unknown
        case .themes, .tokens:
            // A design-token file's tokens are read when the script runs (lint's dynamic pass).
            return .themeTokens
        case .kind:
            return declareKind(arguments, call: call)
        case .require:
            return stdlibModule(arguments)
        case .rgb:
            checkNumbers(arguments, of: "rgb", ranges: [0...255, 0...255, 0...255, 0...1])
            let numbers = arguments.compactMap { part -> Double? in
                if case .value(let literal) = part.value { return literal.number }
                return nil
            }
            if numbers.count == arguments.count, arguments.count >= 3, APIMisuse.looksLikeUnitScale(Array(numbers.prefix(3))) {
                report(.rgbScale(channels: Array(numbers.prefix(3)), alpha: numbers.count > 3 ? numbers[3] : nil), at: call.range)
            }
            return .value(.typed(.color(.black), at: call.range, colorLiteral: true))
        case .white:
            checkNumbers(arguments, of: "white", ranges: [0...1, 0...1])
            return .value(.typed(.color(.black), at: call.range, colorLiteral: true))
        case .insets:
            return insets(arguments, call: call)
        case .size:
            return .value(.typed(.size(.zero), at: call.range))
        case .image, .imageFromColor:
            return .value(.typed(.image(.named("")), at: call.range))
        case .fontSystem:
            if arguments.count > 1 { checkCase(arguments[1], cases: Font.Weight.allCases.map(\.rawValue), what: "font weight") }
            return .value(.typed(.font(.system(17)), at: call.range))
        case .fontPreferred:
            if let first = arguments.first { checkCase(first, cases: Font.TextStyle.allCases.map(\.rawValue), what: "text style") }
            return .value(.typed(.font(.system(17)), at: call.range))
        case .fontNamed, .font:
            return .value(.typed(.font(.system(17)), at: call.range))
        case .color:
            return colorLiteral(arguments, call: call)
        }
    }

    // MARK: mut and mver

    /// The path argument as a typed key path, or a string path to resolve later; nil when unknown.
    private enum PathArgument {
        case typed(StyleKeyPath)
        case pending([String], String, SourceRange)
    }

    private func pathArgument(_ part: StylePart) -> PathArgument? {
        switch part.value {
        case .keyPath(let kp):
            return .typed(kp)
        case .value(let literal) where literal.isExact:
            guard case .string(let text) = literal.value else { return nil }
            let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !components.contains(where: \.isEmpty) else {
                report(.unknownProperty, "'\(text)' is not a property path; write names separated by dots, like \"layoutMargins.bottom\".",
                       at: literal.range)
                return nil
            }
            // Resolvable against View already: typed now, as the runtime does.
            if case .success(let kp) = StyleKeyPath.resolve(components, in: Schema.view) { return .typed(kp) }
            return .pending(components, text, literal.range)
        default:
            return nil
        }
    }

    private func mut(_ path: StylePart, value: StaticValue, expression: LuaExpression?, at: SourceRange) -> StaticValue {
        switch pathArgument(path) {
        case .typed(let kp)?:
            guard kp.valueType != nil else {
                report(.typeMismatch, StyleError.notSettable(kp).message, at: at)
                return .style(.opaque)
            }
            if let expression { checkAssigned(value, expression, to: kp, inStyle: true) }
            return .style(StaticStyle(kind: kp.root, operations: [.set(path: kp.path, name: kp.qualifiedName, range: at)]))
        case .pending(let components, let text, let range)?:
            var literal: StaticLiteral?
            if case .value(let l) = value { literal = l }
            return .style(StaticStyle(kind: Schema.view, operations: [.set(path: text, name: text, range: at)],
                                      pendingPaths: [PendingPath(components: components, text: text, value: literal, range: range)]))
        case nil:
            return .style(StaticStyle(kind: nil))
        }
    }

    private func mver(_ path: StylePart, at: SourceRange) -> StaticValue {
        switch pathArgument(path) {
        case .typed(let kp)?:
            guard kp.valueType != nil else {
                report(.typeMismatch, StyleError.notSettable(kp).message, at: at)
                return .style(.opaque)
            }
            return .style(StaticStyle(kind: kp.root, operations: [.transform(path: kp.path)]))
        case .pending(let components, let text, let range)?:
            return .style(StaticStyle(kind: Schema.view, operations: [.transform(path: text)],
                                      pendingPaths: [PendingPath(components: components, text: text, value: nil, range: range)]))
        case nil:
            return .style(.opaque)
        }
    }

    // MARK: Values

    /// `color "#6E40C9"`.
    private func colorLiteral(_ arguments: [StylePart], call: CallExpression) -> StaticValue {
        if case .value(let literal)? = arguments.first?.value, literal.isExact, case .string(let text) = literal.value, Color(hex: text) == nil {
            let near = ValueError.badHexColor(text).suggestions.first
            report(.typeMismatch, "'\(text)' is not a color; write '#RGB', '#RRGGBB' or '#RRGGBBAA'." + Suggestion.sentence(near),
                   at: literal.range, suggestions: near.map { [$0] } ?? [])
        }
        return .value(.typed(.color(.black), at: call.range, colorLiteral: true))
    }

    /// `insets(8)`, `insets(8, 16)`, `insets(8, 16, 8, 16)`: each number on the grid.
    private func insets(_ arguments: [StylePart], call: CallExpression) -> StaticValue {
        let isFixedCount = !(call.arguments.last.map(Self.mayExpand) ?? false)
        if isFixedCount, ![0, 1, 2, 4].contains(arguments.count) {
            report(.badArgument, "insets takes 1 (all), 2 (vertical, horizontal) or 4 (top, left, bottom, right) numbers, got \(arguments.count).",
                   at: call.callee.range)
        }
        for part in arguments {
            if case .value(let literal) = part.value, let x = literal.number { checkGrid(x, name: "in insets(…)", at: literal.range) }
        }
        return .value(.typed(.insets(.zero), at: call.range))
    }

    /// Whether an argument may stand for several values (a call or `...` last in the list).
    static func mayExpand(_ expression: LuaExpression) -> Bool {
        switch expression {
        case .call, .methodCall, .vararg: true
        default: false
        }
    }

    /// Literal numbers given to `rgb` and `white`, against their ranges.
    private func checkNumbers(_ arguments: [StylePart], of function: String, ranges: [ClosedRange<Double>]) {
        for (i, part) in arguments.enumerated() where i < ranges.count {
            guard case .value(let literal) = part.value, let x = literal.number, !ranges[i].contains(x) else { continue }
            report(.outOfRange, "Argument #\(i + 1) to '\(function)' is \(formatNumber(x)); it must be from \(formatNumber(ranges[i].lowerBound)) to \(formatNumber(ranges[i].upperBound)).",
                   at: literal.range)
        }
    }

    /// `require "base"`: a stdlib module whose members are known, unless a module of that name
    /// beside the file would be found first.
    private func stdlibModule(_ arguments: [StylePart]) -> StaticValue {
        guard case .value(let literal)? = arguments.first?.value, literal.isExact, case .string(let name) = literal.value,
              let members = stdlib.members[name] else { return .unknown }
        let folder = (source.file as NSString).deletingLastPathComponent
        let beside = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(name + ".lua")
        guard !FileManager.default.fileExists(atPath: beside) else { return .unknown }
        return .module(name, members)
    }

    /// The runtime's arity check, where the number of arguments is fixed in the source.
    private func checkArity(_ function: APIFunction, call: CallExpression) {
        guard let entry = function.entry, let arguments = entry.arguments else { return }
        let name = entry.messageName
        let got = call.arguments.count
        if let last = call.arguments.last, Self.mayExpand(last), got - 1 <= arguments.upperBound { return }
        guard !arguments.contains(got) else { return }
        // At the function's own name (`named` of `font.named`), where the runtime points.
        var at = call.callee.range
        if case .index(let index) = call.callee, case .field(let field) = index.key { at = field.range }
        report(.arity(function: name, parameters: entry.said, got: got, note: entry.note), at: at)
    }

    /// A font weight or text style name.
    private func checkCase(_ part: StylePart, cases: [String], what: String) {
        guard case .value(let literal) = part.value, literal.isExact, case .string(let name) = literal.value, !cases.contains(name) else { return }
        let suggestion = Suggestion.closest(to: name, among: cases)
        report(.invalidEnum, "'\(name)' is not a \(what); use \(cases.map { "'\($0)'" }.joined(separator: ", "))." + Suggestion.sentence(suggestion),
               at: literal.range, suggestions: suggestion.map { [$0] } ?? [])
    }
}
