/// Why a selector does not parse, and where: an offset into the selector's text so that the
/// Lua bridge can point a column at the offending character.
///
///     do { _ = try SelectorList.parse("Buton.primary", schema: .standard) }
///     catch { error.message }   // Unknown kind 'Buton' in selector 'Buton.primary'. Did you mean 'Button'?
///     // error.offset == 0, error.length == 5
public struct SelectorError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// Nothing but whitespace.
        case empty
        /// A `,` with nothing before or after it.
        case emptyListItem
        /// A `>` with no compound on one side.
        case danglingCombinator
        /// A character that has no meaning in a selector (`:`, `+`, `[`, …).
        case unexpectedCharacter(Character)
        /// A `#` or `.` not followed by a name.
        case missingName(Character)
        /// `#a#b`: a view has one id.
        case twoIDs(String, String)
        case unknownKind(String, suggestion: String?)
        /// `:hilighted`: not a state.
        case unknownPseudoClass(String, suggestion: String?)
        /// `Label:disabled`: the kind is not a control and has no control sub-kinds.
        case notAControl(kind: String, state: String)
        /// `:normal:highlighted`: normal is the absence of every other state.
        case normalWithStates(String)
        /// A sub-object kind (`Layer`), which has no tree node, with an example key path that
        /// styles it (`View.layer.cornerRadius`) when there is one.
        case subObjectKind(String, example: String?)
    }

    public let reason: Reason
    /// The whole selector text as written.
    public let selector: String
    /// 0-based, in characters, into `selector`.
    public let offset: Int
    /// How many characters the offending text spans (at least 1 unless the selector is empty).
    public let length: Int

    public init(reason: Reason, selector: String, offset: Int, length: Int) {
        self.reason = reason
        self.selector = selector
        self.offset = offset
        self.length = length
    }

    public var code: Diagnostic.Code {
        switch reason {
        case .unknownKind, .subObjectKind: .unknownKind
        case .notAControl: .unknownState
        default: .badSelector
        }
    }

    public var suggestions: [String] {
        switch reason {
        case .unknownKind(_, let s?), .unknownPseudoClass(_, let s?): return [s]
        default: return []
        }
    }

    public var message: String {
        let q = "'\(selector)'"
        switch reason {
        case .empty:
            return "The selector is empty; write a kind, '#id' or '.class', e.g. 'Button.primary'."
        case .emptyListItem:
            return "Selector \(q) has an empty item in its ',' list."
        case .danglingCombinator:
            return "The combinator '>' in selector \(q) needs a compound on both sides, e.g. 'StackView > Label'."
        case .unexpectedCharacter(let c):
            let hint: String = switch c {
            case "+", "~": " Only descendant (space) and child ('>') combinators are supported."
            case "[": " Attribute selectors are not supported; use a class."
            case ":": " A pseudo-class is a state name after ':', e.g. 'Button:highlighted'."
            default: " A selector is made of kinds, '#id', '.class', spaces, '>' and ','."
            }
            return "Unexpected character '\(c)' in selector \(q) at column \(offset + 1).\(hint)"
        case .missingName(let marker):
            let what = marker == "#" ? "an id" : marker == ":" ? "a state (\(ControlState.names.joined(separator: ", ")))" : "a class name"
            return "Expected \(what) after '\(marker)' in selector \(q)."
        case .unknownPseudoClass(let name, let suggestion):
            return "Unknown pseudo-class ':\(name)' in selector \(q)." + Suggestion.sentence(suggestion) + ControlState.otherNameNote(name, prefix: ":")
                + (suggestion == nil ? " The states are " + ControlState.names.map { ":" + $0 }.joined(separator: ", ") + "." : "")
        case .notAControl(let kind, let state):
            return "Selector \(q) gives ':\(state)' to \(kind), which is not a control; only controls (Button, TextField, kinds declared with control = true) have states."
        case .normalWithStates(let state):
            return "Selector \(q) asks for ':normal' and ':\(state)'; ':normal' is the absence of every other state."
        case .twoIDs(let a, let b):
            return "Selector \(q) gives two ids, '#\(a)' and '#\(b)'; a view has only one."
        case .unknownKind(let name, let suggestion):
            return "Unknown kind '\(name)' in selector \(q)." + Suggestion.sentence(suggestion)
        case .subObjectKind(let name, let example):
            return "'\(name)' in selector \(q) is a sub-object, not a view kind; selectors match views only. "
                + "Style it through a key path of its owner" + (example.map { ", e.g. '\($0)'." } ?? ".")
        }
    }

    public var description: String { message }

    /// A diagnostic for a selector whose first character is at `start` (the column just after
    /// the opening quote of the string literal): the column moves on by `offset`.
    public func diagnostic(selectorStartsAt start: SourceLocation) -> Diagnostic {
        var at = start
        at.column = max(start.column, 1) + offset
        return Diagnostic(code, message, at: at, length: length, suggestions: suggestions)
    }
}
