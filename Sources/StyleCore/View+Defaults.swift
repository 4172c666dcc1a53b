/// Which of a view's values are still its kind's defaults: what renderers ask for every
/// property of every view to list only the ones a style or literal changed.
extension View {
    /// Calls `body` with each slot whose value differs from the kind's default, in slot order,
    /// and the value. Compared in stored form: a default or a stylesheet's constant is interned
    /// once, so most slots compare by their bits and only a view's own values (literals,
    /// function results) are decoded.
    ///
    ///     label.forEachValueChangedFromDefault { slot, value in print(label.kind.properties[slot].path, value) }
    public func forEachValueChangedFromDefault(_ body: (_ slot: Int, _ value: Value) throws -> Void) rethrows {
        let values = self.values, defaults = kind.defaultValues
        for slot in values.indices where !values.sameValue(at: slot, as: defaults) {
            try body(slot, values[slot])
        }
    }
}
