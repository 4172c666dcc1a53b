/// A parsed `rule` selector (REFERENCE §1.6): complex selectors separated by `,`.
///
/// Each complex selector is compounds (`Button.primary`, `#root`, `.card__title--large`) joined
/// by descendant (whitespace) and child (`>`) combinators. Kinds are resolved against the schema
/// when parsing, so a selector that parses can be matched without looking anything up.
///
///     let list = try SelectorList.parse("StackView > Button.primary, #cancel", schema: .standard)
///     list.matches(button)           // true when either complex selector matches
///     list.selectors[0].specificity  // (0, 1, 2)
public struct SelectorList: Hashable, Sendable, CustomStringConvertible {
    /// The complex selectors, in the order written.
    public let selectors: [ComplexSelector]
    /// The whole list as written.
    public let text: String

    public var description: String { text }

    /// Parses a selector list, resolving kinds against `schema`.
    ///
    ///     let list = try SelectorList.parse(".card .title, Label#headline", schema: .standard)
    ///
    /// - Throws: a `SelectorError` with the offset (0-based, in characters) of the offending text.
    public static func parse(_ text: String, schema: Schema) throws(SelectorError) -> SelectorList {
        var parser = SelectorParser(text: text, schema: schema)
        return SelectorList(selectors: try parser.parseList(), text: text)
    }

    /// Whether any complex selector matches `view`.
    public func matches(_ view: View) -> Bool { selectors.contains { $0.matches(view) } }

    /// The most specific complex selector that matches `view` (the first written on a tie), or nil.
    ///
    /// A list counts as its most specific matching member, as in CSS.
    public func bestMatch(for view: View) -> ComplexSelector? {
        var best: ComplexSelector?
        for s in selectors where s.matches(view) {
            if best == nil || s.specificity > best!.specificity { best = s }
        }
        return best
    }
}

/// One selector of a list: compounds joined by combinators, e.g. `StackView#root > Label.title`.
///
///     let s = try SelectorList.parse(".card Label", schema: .standard).selectors[0]
///     s.subject.kind   // Label
public struct ComplexSelector: Hashable, Sendable, CustomStringConvertible {
    /// Left to right; never empty. The last one, the subject, is what the selector styles.
    public let compounds: [CompoundSelector]
    /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    public let combinators: [Combinator]
    /// This selector as written, without surrounding whitespace (what provenance shows).
    public let text: String
    /// Where `text` starts in the list's text, 0-based, in characters.
    public let offset: Int

    public init(compounds: [CompoundSelector], combinators: [Combinator], text: String, offset: Int) {
        precondition(!compounds.isEmpty && combinators.count == compounds.count - 1,
                     "A complex selector has one more compound than combinators")
        self.compounds = compounds
        self.combinators = combinators
        self.text = text
        self.offset = offset
    }

    /// The rightmost compound: the views this selector styles.
    public var subject: CompoundSelector { compounds[compounds.count - 1] }

    /// CSS specificity: ids, classes and kinds of every compound.
    public var specificity: Specificity {
        compounds.reduce(into: Specificity(ids: 0, classes: 0, kinds: 0)) { s, c in
            s.ids += c.id == nil ? 0 : 1
            s.classes += c.classes.count + c.pseudoClassCount
            s.kinds += c.kind == nil ? 0 : 1
        }
    }

    public var description: String { text }

    /// Whether `view` is the subject and its ancestors satisfy the combinators, right to left.
    public func matches(_ view: View) -> Bool {
        // Most selectors are one compound: no ancestors to search.
        if compounds.count == 1 { return compounds[0].matches(view) }
        // Borrowing the arrays' storage: matching runs for every candidate rule of every view,
        // and copying the compounds (retaining their strings) on each step dominated it.
        return compounds.withUnsafeBufferPointer { compounds in
            combinators.withUnsafeBufferPointer { combinators in
                var search = Search()
                // The walk holds views unretained: `view` and its ancestors outlive the match.
                return Self.matches(compounds, combinators, compounds.count - 1, Unmanaged.passUnretained(view), &search)
            }
        }
    }

    /// The state of one match. Descendant combinators backtrack: `A B B B … B C` against a deep
    /// chain of views would try every way of placing the compounds on the ancestors, which is
    /// exponential in their number. Each (compound, view) pair that failed is remembered once the
    /// search has taken more than a few steps, so a match costs at most compounds × depth.
    private struct Search {
        struct Key: Hashable {
            let compound: Int
            let view: UnsafeMutableRawPointer
        }
        var steps = 0
        /// Made once the search remembers: an empty set made for every match was retained and
        /// released at every candidate tested.
        var failed: Set<Key>?
        static let stepsBeforeMemo = 64
    }

    private static func matches(_ compounds: UnsafeBufferPointer<CompoundSelector>,
                                _ combinators: UnsafeBufferPointer<Combinator>, _ i: Int, _ view: Unmanaged<View>,
                                _ search: inout Search) -> Bool {
        // Not retained: the caller keeps the view alive, and its ancestors with it.
        unowned(unsafe) let v = view.takeUnretainedValue()
        guard compounds[i].matches(v) else { return false }
        guard i > 0 else { return true }
        switch combinators[i - 1] {
        case .child:
            guard let parent = v.unretainedParent else { return false }
            return matches(compounds, combinators, i - 1, parent, &search)
        case .descendant:
            var ancestor = v.unretainedParent
            while let a = ancestor {
                search.steps += 1
                let remembers = search.steps > Search.stepsBeforeMemo
                let key = Search.Key(compound: i - 1, view: a.toOpaque())
                if !(remembers && search.failed?.contains(key) == true) {
                    if matches(compounds, combinators, i - 1, a, &search) { return true }
                    if remembers {
                        if search.failed == nil { search.failed = [] }
                        search.failed!.insert(key)
                    }
                }
                unowned(unsafe) let up = a.takeUnretainedValue()
                ancestor = up.unretainedParent
            }
            return false
        }
    }
}

/// A compound: an optional kind, an optional `#id`, `.class`es and state pseudo-classes
/// (`:highlighted`), all of which must hold.
public struct CompoundSelector: Hashable, Sendable {
    /// Matches this kind and its sub-kinds; nil for no kind (or `*`).
    public let kind: Kind?
    public let id: String?
    public let classes: [String]
    /// The states the view must be in (`Button:selected:highlighted`): each of them, maybe
    /// among others, as CSS's `:hover:focus`.
    public let states: ControlState
    /// `:normal`: the view must be in no state at all.
    public let requiresNormal: Bool
    /// Where the compound starts in the list's text, 0-based, in characters.
    public let offset: Int
    /// `kind`, compared without retaining it: compounds are tested for every candidate rule of
    /// every view.
    private let kindID: ObjectIdentifier?
    /// How many pseudo-classes were written (each counts as a class for specificity).
    public var pseudoClassCount: Int { Int(storedPseudoClassCount) }
    private let storedPseudoClassCount: UInt8
    /// The classes' `AncestorFilter` keys, one per name: a view without the key lacks the
    /// class, compared as numbers rather than strings; one with it has the class when the
    /// names agree too (two names may share a key).
    let classKeys: [Int]

    public init(kind: Kind?, id: String?, classes: [String], states: ControlState = [], requiresNormal: Bool = false,
                pseudoClassCount: Int? = nil, offset: Int) {
        self.kind = kind
        self.id = id
        self.classes = classes
        self.states = states
        self.requiresNormal = requiresNormal
        self.storedPseudoClassCount = UInt8(clamping: pseudoClassCount
            ?? (ControlState.single.filter { states.contains($0) }.count + (requiresNormal ? 1 : 0)))
        self.offset = offset
        self.kindID = kind.map(ObjectIdentifier.init)
        self.classKeys = classes.map(AncestorFilter.key(class:))
    }

    /// Whether the compound tests a state.
    public var hasPseudoClasses: Bool { requiresNormal || !states.isEmpty }

    @inline(__always)
    public func matches(_ view: View) -> Bool {
        if let kindID, !view.kind.isA(id: kindID) { return false }
        if let id, view.id != id { return false }
        if !classKeys.isEmpty {
            // A key missing rules the class out; a key found may be another name's
            // (`AncestorFilter.key(class:)`), so the names confirm it.
            let keys = view.selectorKeys.classes
            for key in classKeys where !keys.contains(key) { return false }
            if !Self.hasClasses(classes, view) { return false }
        }
        return !hasPseudoClasses || matchesState(of: view)
    }

    /// Whether `view` has every class in `names`: what a compound's keys found is confirmed by.
    @inline(__always)
    static func hasClasses(_ names: [String], _ view: View) -> Bool {
        let have = view.classes
        for name in names where !have.contains(name) { return false }
        return true
    }

    /// The pseudo-classes' test, apart: most compounds have none, and matching them stays as
    /// small as it was.
    @inline(never)
    private func matchesState(of view: View) -> Bool {
        let state = view.state
        return requiresNormal ? state.isEmpty : state.isSuperset(of: states)
    }
}

/// How two compounds relate in the tree.
public enum Combinator: Hashable, Sendable {
    /// Whitespace: the left compound matches some ancestor.
    case descendant
    /// `>`: the left compound matches the parent.
    case child
}

/// CSS specificity, compared lexicographically: ids, then classes, then kinds.
public struct Specificity: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var ids: Int
    public var classes: Int
    public var kinds: Int

    public init(ids: Int, classes: Int, kinds: Int) {
        self.ids = ids
        self.classes = classes
        self.kinds = kinds
    }

    public static func < (a: Specificity, b: Specificity) -> Bool {
        (a.ids, a.classes, a.kinds) < (b.ids, b.classes, b.kinds)
    }

    public var description: String { "(\(ids), \(classes), \(kinds))" }
}

/// Turns selector text into compounds and combinators, one character at a time.
///
/// Every character is one byte here (`units`): its ASCII code, or a stand-in for a character
/// beyond ASCII (whitespace or not), which no name may contain. So offsets count characters, as
/// messages do, while the parser reads bytes (reading `Character`s was most of evaluating a
/// stylesheet's selectors).
private struct SelectorParser {
    let units: [UInt8]
    let text: String
    /// Whether every character is its byte in `text` (then names are sliced from the bytes).
    let isASCII: Bool
    let schema: Schema
    var i = 0

    /// Stand-ins for characters beyond ASCII.
    private static let otherSpace: UInt8 = 0x80, other: UInt8 = 0xFF

    init(text: String, schema: Schema) {
        // "\r\n" is one Character: text with a carriage return takes the slow path too.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            units = Array(text.utf8)
            isASCII = true
        } else {
            units = text.map { $0.asciiValue ?? ($0.isWhitespace ? Self.otherSpace : Self.other) }
            isASCII = false
        }
        self.text = text
        self.schema = schema
    }

    /// The characters in `range` as a string.
    private func string(_ range: Range<Int>) -> String {
        if isASCII { return String(decoding: units[range], as: UTF8.self) }
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        return String(text[start..<text.index(start, offsetBy: range.count)])
    }

    mutating func parseList() throws(SelectorError) -> [ComplexSelector] {
        var selectors: [ComplexSelector] = []
        var lastComma: Int?
        while true {
            skipWhitespace()
            if i == units.count || units[i] == UInt8(ascii: ",") {
                if selectors.isEmpty && i == units.count { throw error(.empty, at: 0, length: units.count) }
                throw error(.emptyListItem, at: i < units.count ? i : lastComma ?? 0, length: 1)
            }
            selectors.append(try parseComplex())
            if i == units.count { return selectors }
            lastComma = i  // parseComplex stops only at the end or at a ','
            i += 1
        }
    }

    private mutating func parseComplex() throws(SelectorError) -> ComplexSelector {
        let start = i
        var compounds: [CompoundSelector] = []
        var combinators: [Combinator] = []
        var lastCombinator = 0
        var end = i
        while true {
            if i == units.count || units[i] == UInt8(ascii: ",") || units[i] == UInt8(ascii: ">") {
                if compounds.isEmpty, i < units.count, units[i] == UInt8(ascii: ">") {
                    throw error(.danglingCombinator, at: i, length: 1)
                }
                throw error(.danglingCombinator, at: lastCombinator, length: 1)
            }
            compounds.append(try parseCompound())
            end = i
            let spaceStart = i
            skipWhitespace()
            if i == units.count || units[i] == UInt8(ascii: ",") { break }
            if units[i] == UInt8(ascii: ">") {
                lastCombinator = i
                combinators.append(.child)
                i += 1
                skipWhitespace()
            } else if i > spaceStart {
                lastCombinator = spaceStart
                combinators.append(.descendant)
            } else {
                throw unexpected(at: i)
            }
        }
        return ComplexSelector(compounds: compounds, combinators: combinators,
                               text: string(start..<end), offset: start)
    }

    private mutating func parseCompound() throws(SelectorError) -> CompoundSelector {
        let start = i
        var kind: Kind?
        if units[i] == UInt8(ascii: "*") {
            i += 1
        } else if isIdentifierStart(units[i]) {
            while i < units.count, isIdentifierPart(units[i]) { i += 1 }
            kind = try resolveKind(string(start..<i), at: start)
        }
        var id: String?
        var classes: [String] = []
        var states: ControlState = [], requiresNormal = false, pseudoClasses = 0
        while i < units.count, units[i] == UInt8(ascii: "#") || units[i] == UInt8(ascii: ".") || units[i] == UInt8(ascii: ":") {
            let marker = Character(Unicode.Scalar(units[i])), markerOffset = i
            i += 1
            let nameStart = i
            while i < units.count, isNamePart(units[i]) { i += 1 }
            guard i > nameStart else {
                if i < units.count, !isSeparator(units[i]) { throw unexpected(at: i) }
                throw error(.missingName(marker), at: markerOffset, length: 1)
            }
            let name = string(nameStart..<i)
            if marker == ":" {
                switch ControlState.parse(name) {
                case .failure:
                    throw error(.unknownPseudoClass(name, suggestion: ControlState.suggestion(for: name)),
                                at: markerOffset, length: i - markerOffset)
                case .success(let state):
                    guard schema.mayBeControl(kind) else {
                        throw error(.notAControl(kind: kind!.name, state: name), at: markerOffset, length: i - markerOffset)
                    }
                    if state.isEmpty { requiresNormal = true } else { states.formUnion(state) }
                    pseudoClasses += 1
                    if requiresNormal, let other = ControlState.named.first(where: { !$0.state.isEmpty && states.contains($0.state) }) {
                        throw error(.normalWithStates(other.name), at: markerOffset, length: i - markerOffset)
                    }
                }
            } else if marker == "." {
                if !classes.contains(name) { classes.append(name) }
            } else if let first = id, first != name {
                throw error(.twoIDs(first, name), at: markerOffset, length: i - markerOffset)
            } else {
                id = name
            }
        }
        guard i > start else { throw unexpected(at: i) }
        return CompoundSelector(kind: kind, id: id, classes: classes, states: states, requiresNormal: requiresNormal,
                                pseudoClassCount: pseudoClasses, offset: start)
    }

    private func resolveKind(_ name: String, at offset: Int) throws(SelectorError) -> Kind {
        if let kind = schema.kind(named: name), kind.isViewKind { return kind }
        let subObject = subObject(named: name)
        if subObject.isSubObject {
            throw error(.subObjectKind(name, example: subObject.example), at: offset, length: name.count)
        }
        let suggestion = Suggestion.closest(to: name, among: schema.viewKinds.map(\.name))
        throw error(.unknownKind(name, suggestion: suggestion), at: offset, length: name.count)
    }

    /// Whether `name` is a sub-object kind, with an example key path through which it is styled
    /// (`View.layer.cornerRadius` for `Layer`) when one of the schema's kinds nests it.
    private func subObject(named name: String) -> (isSubObject: Bool, example: String?) {
        for kind in schema.order {
            for declaration in kind.declarations {
                if case .nested(let nested) = declaration.shape, nested.name == name, !nested.isViewKind {
                    let member = nested.declarations.first.map { "." + $0.name } ?? ""
                    return (true, "\(kind.name).\(declaration.name)\(member)")
                }
            }
        }
        return (schema.kind(named: name).map { !$0.isViewKind } ?? false, nil)
    }

    private mutating func skipWhitespace() {
        while i < units.count, Self.isWhitespace(units[i]) { i += 1 }
    }

    /// ASCII whitespace (tab to carriage return, space) or whitespace beyond ASCII.
    private static func isWhitespace(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || (c >= 0x09 && c <= 0x0D) || c == otherSpace
    }

    // ASCII letters, digits, `_` and `-`.
    private func isIdentifierStart(_ a: UInt8) -> Bool {
        a == UInt8(ascii: "_") || ((a | 32) >= UInt8(ascii: "a") && (a | 32) <= UInt8(ascii: "z"))
    }
    private func isIdentifierPart(_ a: UInt8) -> Bool {
        isIdentifierStart(a) || (a >= UInt8(ascii: "0") && a <= UInt8(ascii: "9"))
    }
    /// Class and id names: BEM-style, so `-` is allowed too (`card__title--large`).
    private func isNamePart(_ c: UInt8) -> Bool { isIdentifierPart(c) || c == UInt8(ascii: "-") }
    private func isSeparator(_ c: UInt8) -> Bool {
        Self.isWhitespace(c) || c == UInt8(ascii: ",") || c == UInt8(ascii: ">") || c == UInt8(ascii: "#") || c == UInt8(ascii: ".") || c == UInt8(ascii: ":")
    }

    private func unexpected(at offset: Int) -> SelectorError {
        error(.unexpectedCharacter(Array(text)[offset]), at: offset, length: 1)
    }

    private func error(_ reason: SelectorError.Reason, at offset: Int, length: Int) -> SelectorError {
        SelectorError(reason: reason, selector: text, offset: offset, length: length)
    }
}
