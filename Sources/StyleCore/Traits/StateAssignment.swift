/// `--state SELECTOR=STATE[+STATE…]`: a state given to the controls a selector matches, in
/// place of the one their tree gives them (`View.stateOverride`).
///
///     let a = try StateAssignment.parse("#subscribe=highlighted", schema: .standard)
///     try a.apply(to: root)    // the button is highlighted; its rules and whens see it
public struct StateAssignment: Hashable, Sendable {
    public let selector: SelectorList
    public let state: ControlState
    /// As written.
    public let text: String

    /// Why an assignment cannot be read or applied, with the column (1-based) in its text.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public let message: String
        public let code: Diagnostic.Code
        public let column: Int
        public let suggestions: [String]
        public var description: String { message }
    }

    /// Reads `SELECTOR=STATE[+STATE…]`, the selector against `schema`.
    public static func parse(_ text: String, schema: Schema) throws(Failure) -> StateAssignment {
        guard let equals = text.lastIndex(of: "=") else {
            throw Failure(message: "--state '\(text)' needs SELECTOR=STATE, e.g. --state '#subscribe=highlighted'.",
                          code: .badArgument, column: 1, suggestions: [])
        }
        let selectorText = String(text[..<equals]), stateText = String(text[text.index(after: equals)...])
        let selector: SelectorList
        do throws(SelectorError) {
            selector = try SelectorList.parse(selectorText, schema: schema)
        } catch {
            throw Failure(message: error.message, code: error.code, column: error.offset + 1, suggestions: error.suggestions)
        }
        switch ControlState.parseList(stateText) {
        case .success(let state):
            return StateAssignment(selector: selector, state: state, text: text)
        case .failure(let e):
            throw Failure(message: e.message, code: e.code, column: selectorText.count + 2, suggestions: e.suggestion.map { [$0] } ?? [])
        }
    }

    /// Gives the state to every control of `root`'s tree the selector matches (in tree order,
    /// so a later assignment wins). A selector that matches no view, or only views that are not
    /// controls, is an error: the state would go nowhere.
    public func apply(to root: View) throws(Failure) {
        var matched: [View] = []
        root.forEachInTree { if selector.matches($0) { matched.append($0) } }
        guard !matched.isEmpty else {
            throw Failure(message: "--state '\(text)': no view matches '\(selector.text)'.", code: .badArgument, column: 1, suggestions: [])
        }
        let controls = matched.filter(\.kind.isControl)
        guard !controls.isEmpty else {
            throw Failure(message: StateError.notAControl(kind: matched[0].selectorDescription, state: state.description).message,
                          code: .unknownState, column: 1, suggestions: [])
        }
        for view in controls { view.stateOverride = state }
    }
}
