/// A Swift type that a property can hold: the bridge between a typed key and `Value`.
///
///     let v: Value = Color.white.styleValue      // .color(…)
///     Double(styleValue: .number(2))             // 2
///
/// The schema's types map to `Double` (Number), `Int`, `Bool`, `String`, `Color`, `Font`,
/// `Insets`, `Size`, `Image`, a `StyleEnum` (enums) and `Optional` of any of them (`T?`).
public protocol StyleValue: Sendable {
    /// The schema type a property of this Swift type has.
    static var valueType: ValueType { get }
    /// The Swift value of a checked `Value`; nil when it is of another type.
    init?(styleValue: Value)
    /// As the runtime stores it.
    var styleValue: Value { get }
}

extension Double: StyleValue {
    public static var valueType: ValueType { .number }
    public init?(styleValue: Value) {
        guard case .number(let x) = styleValue else { return nil }
        self = x
    }
    public var styleValue: Value { .number(self) }
}

extension Int: StyleValue {
    public static var valueType: ValueType { .int }
    public init?(styleValue: Value) {
        guard case .int(let x) = styleValue else { return nil }
        self = x
    }
    public var styleValue: Value { .int(self) }
}

extension Bool: StyleValue {
    public static var valueType: ValueType { .bool }
    public init?(styleValue: Value) {
        guard case .bool(let x) = styleValue else { return nil }
        self = x
    }
    public var styleValue: Value { .bool(self) }
}

extension String: StyleValue {
    public static var valueType: ValueType { .string }
    public init?(styleValue: Value) {
        guard case .string(let x) = styleValue else { return nil }
        self = x
    }
    public var styleValue: Value { .string(self) }
}

extension Color: StyleValue {
    public static var valueType: ValueType { .color }
    public init?(styleValue: Value) {
        guard case .color(let x) = styleValue else { return nil }
        self = x
    }
    public var styleValue: Value { .color(self) }
}

extension Font: StyleValue {
    public static var valueType: ValueType { .font }
    public init?(styleValue: Value) {
        guard case .font(let x) = styleValue else { return nil }
        self = x
    }
    public var styleValue: Value { .font(self) }
}

extension Insets: StyleValue {
    public static var valueType: ValueType { .insets }
    public init?(styleValue: Value) {
        guard case .insets(let x) = styleValue else { return nil }
        self = x
    }
    public var styleValue: Value { .insets(self) }
}

extension Size: StyleValue {
    public static var valueType: ValueType { .size }
    public init?(styleValue: Value) {
        guard case .size(let x) = styleValue else { return nil }
        self = x
    }
    public var styleValue: Value { .size(self) }
}

extension Image: StyleValue {
    public static var valueType: ValueType { .image }
    public init?(styleValue: Value) {
        guard case .image(let x) = styleValue else { return nil }
        self = x
    }
    public var styleValue: Value { .image(self) }
}

/// `T?`: `nil` is the empty value of an optional property.
extension Optional: StyleValue where Wrapped: StyleValue {
    public static var valueType: ValueType { .optional(Wrapped.valueType) }
    public init?(styleValue: Value) {
        if case .null = styleValue {
            self = .none
        } else if let wrapped = Wrapped(styleValue: styleValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
    public var styleValue: Value { map(\.styleValue) ?? .null }
}

/// A Swift enum whose cases are a property's enum cases (`StackView.axis` is an `Axis`).
///
///     enum Shape: String, CaseIterable, StyleEnum { case circle, squircle }
///
/// The schema type is an enum named after the Swift type, with the raw values as its cases.
public protocol StyleEnum: StyleValue, CaseIterable, RawRepresentable where RawValue == String {
    /// The schema's enum type; by default named after the Swift type.
    static var enumType: EnumType { get }
}

extension StyleEnum {
    public static var enumType: EnumType {
        EnumType(name: String(describing: Self.self), cases: allCases.map(\.rawValue))
    }
    public static var valueType: ValueType { .enumeration(enumType) }
    public init?(styleValue: Value) {
        guard case .enumCase(let name) = styleValue else { return nil }
        self.init(rawValue: name)
    }
    public var styleValue: Value { .enumCase(rawValue) }
}

/// A typed property of a kind: `Label.textColor` is a `PropertyKey<Color>`.
///
///     label[Label.textColor]                 // Color
///     try label.set(Label.text, "Ada")       // the view's own content
///     button[Button.titleLabel.font]         // Font, through the sub-view
///
/// The standard kinds' keys are generated from the schema (`StandardKeys.swift`). A host declares
/// the keys of its own kinds once and registers the kind from them:
///
///     enum AvatarView {
///         static let ringColor = PropertyKey<Color?>("ringColor")
///     }
///     try runtime.register("AvatarView", superKind: Schema.view,
///                          properties: [.key(AvatarView.ringColor, doc: "Ring around the photo.")])
///
/// A key names a dotted path and, for generated keys, the kind it belongs to. Using a key on a
/// view whose kind does not have it is a programming error (a precondition), like indexing an
/// array out of bounds; use string paths (`try view.value(at:)`) for names that come from data.
public struct PropertyKey<T: StyleValue>: Hashable, Sendable, CustomStringConvertible {
    /// The dotted path from the view (`"titleLabel.font"`).
    public let path: String
    /// The kind the key was declared for (`"Label"`); nil for a key that any kind with the
    /// path accepts.
    public let kindName: String?

    /// A key of a host's kind, by its property name.
    ///
    ///     static let ringColor = PropertyKey<Color?>("ringColor")
    public init(_ path: String) {
        self.path = path
        self.kindName = nil
    }

    /// A key rooted at a kind (the generated keys).
    public init(_ path: String, kind: String) {
        self.path = path
        self.kindName = kind
    }

    /// The schema type of the values the key reads and writes.
    public var valueType: ValueType { T.valueType }

    /// `\Label.textColor`, as Lua's `tostring` shows key paths; `\.ringColor` for a key of no
    /// kind in particular.
    public var description: String { "\\\(kindName ?? "").\(path)" }

    /// The key as content of a view built in Swift, located at the caller's line.
    ///
    ///     View(.label, id: "name", Label.text("Ada"))
    public func callAsFunction(_ value: T, fileID: String = #fileID, line: Int = #line) -> PropertyContent {
        PropertyContent(path: path, kindName: kindName, value: value.styleValue,
                        location: SourceLocation(file: fileID, line: line))
    }
}

extension PropertyDeclaration {
    /// The declaration of a host kind's property from its typed key: the type is the key's.
    ///
    ///     .key(AvatarView.diameter, default: 40, range: .nonNegative, doc: "Width and height.")
    public static func key<T>(_ key: PropertyKey<T>, default defaultValue: T? = nil, range: NumberRange? = nil,
                              doc: String = "") -> PropertyDeclaration {
        precondition(!key.path.contains("."), "A kind declares top-level properties; '\(key.path)' is a path")
        return .value(key.path, T.valueType, default: defaultValue?.styleValue, range: range, doc: doc)
    }
}

/// A property value given to a view built in Swift: a typed key applied to a value.
///
///     Label.text("Ada")      // a PropertyContent at this line
public struct PropertyContent: Sendable {
    public let path: String
    public let kindName: String?
    public let value: Value
    public let location: SourceLocation
}
