/// Building a host's view tree in Swift: kind, id, classes, content and children in one
/// expression, like a script's `Kind { … }`.
///
///     let root = View(.stackView, id: "root") {
///         View(.label, id: "name", classes: ["title"], Label.text("Ada"))
///         View(.button, id: "follow", classes: ["primary"], Button.title("Follow"))
///         for tag in tags { View(.label, classes: ["tag"], Label.text(tag)) }
///     }
extension View {
    /// A view of `kind` with its content and children.
    ///
    /// Content is the view's literal layer, each value located at the line that wrote it (as
    /// `set(_:_:)` does); values are range-checked when the tree is styled, like a script's
    /// constructor literals. A key the kind does not have is a programming error (a
    /// precondition).
    ///
    /// - Parameters:
    ///   - kind: `.label`, `.button`, … or a kind the host registered.
    ///   - id: unique in the tree.
    ///   - classes: for selectors (`Button.primary`).
    ///   - content: typed keys applied to values (`Label.text("Ada")`).
    ///   - children: views built by the trailing closure, in order.
    public convenience init(_ kind: Kind, id: String? = nil, classes: [String] = [], _ content: PropertyContent...,
                            fileID: String = #fileID, line: Int = #line,
                            @TreeBuilder children: () -> [View] = { [] }) {
        self.init(kind: kind, id: id, classes: classes, location: SourceLocation(file: fileID, line: line))
        for item in content { add(item) }
        for child in children() { addChild(child) }
    }

    /// Adds one item of content to the literal layer.
    private func add(_ item: PropertyContent) {
        if let owner = item.kindName {
            precondition(kind.lineage.contains { $0.name == owner },
                         "\\\(owner).\(item.path) given to a \(kind.name) at \(item.location): a \(kind.name) is not a \(owner)")
        }
        let components = item.path.split(separator: ".").map(String.init)
        guard case .success(let keyPath) = StyleKeyPath.resolve(components, in: kind), let property = keyPath.property else {
            preconditionFailure("\(kind.name) has no property '\(item.path)' (given at \(item.location))")
        }
        literals.removeAll { $0.keyPath == keyPath }
        literals.append(Literal(keyPath: keyPath, value: item.value, location: item.location))
        // Shown at once when valid; an invalid value is reported, at its line, when styled.
        if case .success(let checked) = property.check(item.value) { show(checked, at: keyPath) }
    }
}

/// The children of `View(_:id:classes:_:children:)`: views, `if`, `for`.
@resultBuilder
public enum TreeBuilder {
    public static func buildExpression(_ view: View) -> [View] { [view] }
    public static func buildExpression(_ views: [View]) -> [View] { views }
    public static func buildBlock(_ parts: [View]...) -> [View] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[View]]) -> [View] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [View]?) -> [View] { part ?? [] }
    public static func buildEither(first part: [View]) -> [View] { part }
    public static func buildEither(second part: [View]) -> [View] { part }
}
