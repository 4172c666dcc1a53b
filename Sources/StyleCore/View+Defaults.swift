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

    /// `forEachValueChangedFromDefault`, decoding only on demand: `body` gets each changed
    /// slot, a key that is the same for equal constants (a value kept in place or interned for
    /// the process; nil for the view's own values, such as literals), and the value. A renderer
    /// spells a constant once and copies its text for every other view that has it.
    ///
    ///     view.forEachValueChangedFromDefault { slot, constant, value in print(constant, value()) }
    public func forEachValueChangedFromDefault(_ body: (_ slot: Int, _ constant: UInt64?, _ value: () -> Value) throws -> Void) rethrows {
        let values = self.values, defaults = kind.defaultValues
        for slot in values.indices where !values.sameValue(at: slot, as: defaults) {
            let stored = values.stored(slot)
            // Equal to itself in place unless it is the store's own value.
            let constant = stored.sameInPlace(as: stored) == nil ? nil : unsafeBitCast(stored, to: UInt64.self)
            try body(slot, constant) { values[slot] }
        }
    }
}
