/// Typed reads and the host's own content: what a Swift host reads from and writes to a view.
///
/// Reads go through `View`'s applied values (`subscript(property:)`); writes add to the view's
/// literal layer (`literals`), the last step of the cascade, located at the Swift line that
/// wrote them, so `explain` names `Screen.swift:12` beside the script's lines.
extension View {
    /// The applied value of a typed key.
    ///
    ///     label[Label.textColor]      // Color
    ///     avatar[AvatarView.ringColor] // Color?
    ///
    /// The view's kind must have the key's property (a precondition): a key is a compile-time
    /// name, and reading `Label.text` from a `Button` is a programming error.
    public subscript<T>(key: PropertyKey<T>) -> T {
        let property = typedProperty(key)
        guard let value = T(styleValue: self[property]) else {
            preconditionFailure("\(key) holds \(self[property].typeName), not \(T.valueType)")
        }
        return value
    }

    /// Sets a property as the view's own content (its literal layer), at the caller's line.
    ///
    ///     try label.set(Label.text, "Ada")
    ///     try card.set(View.alpha, 0.5)
    ///
    /// The value is checked (ranges: `View.alpha` is 0…1) and takes effect at once; every later
    /// apply keeps it, since literals come last in the cascade. Setting the same property again
    /// replaces the earlier literal, so the host's content does not pile up.
    /// - Throws: `Diagnostic` (`out-of-range`) located at the caller's line; the view is unchanged.
    public func set<T>(_ key: PropertyKey<T>, _ value: T, fileID: String = #fileID, line: Int = #line) throws(Diagnostic) {
        _ = typedProperty(key)
        try set(key.path, value.styleValue, fileID: fileID, line: line)
    }

    /// Sets a property by its dotted path, checked against the view's kind.
    ///
    ///     try view.set("layoutMargins.bottom", .number(24))
    ///     try view.set("ringColour", .null)   // View has no property 'ringColour'. Did you mean 'ringColor'?
    ///
    /// - Throws: `Diagnostic` (`unknown-property` with a suggestion, `type-mismatch`,
    ///   `invalid-enum`, `out-of-range`) located at the caller's line.
    public func set(_ path: String, _ value: Value, fileID: String = #fileID, line: Int = #line) throws(Diagnostic) {
        let location = SourceLocation(file: fileID, line: line)
        let keyPath = try resolve(path, at: location)
        guard let property = keyPath.property else {
            throw Diagnostic(.typeMismatch, StyleError.notSettable(keyPath).message, at: location)
        }
        let valueType = keyPath.valueType ?? property.type
        let checked: Value
        switch keyPath.target {
        case .property:
            switch property.check(value) {
            case .success(let v): checked = v
            case .failure(let e): throw Diagnostic(e.code, e.message(for: keyPath.qualifiedName), at: location, suggestions: e.suggestions)
            }
        default:
            switch valueType.check(value) {
            case .success(let v): checked = v
            case .failure(let e): throw Diagnostic(e.code, e.message(for: keyPath.qualifiedName), at: location, suggestions: e.suggestions)
            }
        }
        // Later content wins, as in the cascade: the new literal goes last, and replaces what it
        // overrides (the same path, or the fields of a property set whole).
        literals.removeAll { old in
            old.keyPath == keyPath || (keyPath.target == .property(property) && old.keyPath.property == property)
        }
        literals.append(Literal(keyPath: keyPath, value: checked, location: location))
        show(checked, at: keyPath)
    }

    /// Makes a checked literal the applied value at once, before the next styling (which
    /// writes it again, as the cascade's last step, with its provenance). The one place where
    /// content writes the applied values.
    func show(_ value: Value, at keyPath: StyleKeyPath) {
        noteStyleEdit()
        switch keyPath.target {
        case .property(let p): values[p.slot] = value
        case .field(let p, let f):
            if case .number(let x) = value { values[p.slot] = StyleApplication.setting(f, x, in: self[p]) }
        case .object: break
        }
    }

    /// The applied value at a dotted path, for names that come from data.
    ///
    ///     try view.value(at: "layer.cornerRadius")   // .number(6)
    ///     try view.value(at: "ringColour")           // throws: … Did you mean 'ringColor'?
    ///
    /// A field of insets or a size (`"layoutMargins.bottom"`) reads as a number.
    /// - Throws: `Diagnostic` (`unknown-property`) with a suggestion, at the caller's line.
    public func value(at path: String, fileID: String = #fileID, line: Int = #line) throws(Diagnostic) -> Value {
        let location = SourceLocation(file: fileID, line: line)
        let keyPath = try resolve(path, at: location)
        switch keyPath.target {
        case .property(let p): return self[p]
        case .field(let p, let f): return StyleApplication.field(f, of: self[p]) ?? .null
        case .object: throw Diagnostic(.typeMismatch, StyleError.notSettable(keyPath).message, at: location)
        }
    }

    private func resolve(_ path: String, at location: SourceLocation) throws(Diagnostic) -> StyleKeyPath {
        let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch StyleKeyPath.resolve(components, in: kind) {
        case .success(let kp): return kp
        case .failure(let e):
            throw Diagnostic(.unknownProperty, e.message, at: location, suggestions: e.suggestion.map { [$0] } ?? [])
        }
    }

    /// The property a typed key reads on this view; a key of another kind is a programming error.
    func typedProperty<T>(_ key: PropertyKey<T>) -> Property {
        if let owner = key.kindName {
            precondition(kind.lineage.contains { $0.name == owner },
                         "\(key) used on \(selectorDescription): a \(kind.name) is not a \(owner)")
        }
        guard let property = kind.property(key.path) else {
            preconditionFailure("\(key) used on \(selectorDescription): \(kind.name) has no property '\(key.path)'")
        }
        precondition(property.type.holdsSameValues(as: T.valueType),
                     "\(key) is a key of \(T.valueType), but \(kind.name).\(key.path) is \(property.type)")
        return property
    }
}

extension ValueType {
    /// Whether values of both types are the same values: equal types, or enums with the same
    /// cases whatever their names (a Swift `StyleEnum` for a kind a script declared with
    /// `"circle|squircle"`).
    func holdsSameValues(as other: ValueType) -> Bool {
        switch (self, other) {
        case (.enumeration(let a), .enumeration(let b)): a.cases == b.cases
        case (.optional(let a), .optional(let b)): a.holdsSameValues(as: b)
        default: self == other
        }
    }
}
