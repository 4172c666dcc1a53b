extension Value {
    /// The value as a view takes it under `traits`: what a trait-dependent value (a dynamic
    /// colour, a font that follows Dynamic Type) stands for there, and any other value as it is.
    /// The cascade resolves each value it writes, once per traits, so a view always holds
    /// plain values and one evaluation of a script serves every set of traits.
    ///
    ///     Value.dynamicColor(.label).resolved(for: Traits(colorScheme: .dark))    // .color(.white)
    ///     Value.font(.preferred(.body)).resolved(for: Traits(contentSize: .extraSmall))
    ///     // .font(system 14 body)
    ///
    /// A dynamic colour becomes the `Color` of the traits' colour scheme and contrast; a font
    /// that follows Dynamic Type keeps its text style and takes its size at the traits' content
    /// size (resolving it again, for other traits, starts from its size at `large`). Resolving
    /// is idempotent: `v.resolved(for: t).resolved(for: t) == v.resolved(for: t)`.
    public func resolved(for traits: Traits) -> Value {
        switch self {
        case .dynamicColor(let c): .color(c.resolved(for: traits))
        case .font(let f) where f.scaling != nil: .font(f.resolved(for: traits.contentSize))
        case .number, .int, .bool, .string, .color, .font, .insets, .size, .image, .enumCase, .null:
            self
        }
    }

    /// Whether the value stands for different values under different traits (a dynamic
    /// colour, a font that follows Dynamic Type).
    public var dependsOnTraits: Bool {
        switch self {
        case .dynamicColor: true
        case .font(let f): f.scaling != nil
        default: false
        }
    }
}
