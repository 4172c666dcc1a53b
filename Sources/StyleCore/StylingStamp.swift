/// A view's values and provenance as a styling left them (`View.stylingStamp`), to tell
/// cheaply whether a later styling left the view as it was (`View.isStyled(as:)`): what lets a
/// snapshot of a tree styled for many trait sets keep the records of the views a trait does not
/// change. It holds the storage it compares by, so no other view's storage can pass for it.
public struct StylingStamp {
    fileprivate let values: ValueStore
    fileprivate let record: ProvenanceRecord?
}

extension View {
    /// The view's values and provenance as they are now.
    public var stylingStamp: StylingStamp { StylingStamp(values: values, record: record) }

    /// Whether the view holds the values and provenance it held at `stamp`, stored alike (of
    /// one value table and provenance table, as a stylesheet's stylings are). False when they
    /// are equal but stored otherwise: the caller then does the work it would have kept.
    ///
    ///     let before = view.stylingStamp
    ///     try sheet.apply(to: root)            // other traits
    ///     if view.isStyled(as: before) { /* its values and what set them are as they were */ }
    public func isStyled(as stamp: StylingStamp) -> Bool {
        guard values.isStoredAlike(stamp.values) else { return false }
        switch (record, stamp.record) {
        case (nil, nil): return true
        case let (mine?, theirs?): return mine.recordsSameWrites(as: theirs)
        default: return false
        }
    }
}
