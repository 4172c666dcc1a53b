/// The diagnostics the cascade makes itself (the rest come from the styles it runs), written
/// once for both cascades: the engine (`Cascade`) and the one it is checked against
/// (`ReferenceCascade`) must report the very same text.
extension Diagnostic {
    /// `duplicate-id` at `view`, which reuses the id of `earlier`, a view before it in tree order.
    static func duplicateID(_ view: View, sameAs earlier: View) -> Diagnostic {
        let id = view.id!
        let firstAt = earlier.location.map { " (first at \($0))" } ?? ""
        return Diagnostic(.duplicateID,
                          "The id '\(id)' is used by \(earlier.kind.name)#\(id)\(firstAt) and again by "
                              + "\(view.kind.name)#\(id); ids must be unique in a tree.",
                          at: view.location ?? .host, length: id.count)
    }

    /// `kind-mismatch` at `style`, one of `view`'s own styles, whose kind the view is not.
    static func ownStyle(_ style: Style, cannotApplyTo view: View) -> Diagnostic {
        Diagnostic(.kindMismatch, "\(style.kind.article(capitalized: true)) style cannot apply to \(view.selectorDescription).",
                   at: style.location)
    }
}
