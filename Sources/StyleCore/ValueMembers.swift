/// What a script can read on a value (`f.size`, `f:bolded()`, `c:withAlpha(0.5)`): the
/// bindings answer these names, and lint's static pass checks method calls against them.
public enum ValueMembers {
    public static let font = ["name", "size", "weight", "isItalic", "isSmallCaps", "italic", "smallCaps", "bolded", "withSize", "withWeight"]
    public static let color = ["red", "green", "blue", "alpha", "hex", "withAlpha"]

    /// "Font has no field 'bold'. Did you mean 'bolded'?", as the runtime says it.
    public static func unknownMessage(_ name: String, on type: String, candidates: [String]) -> (message: String, suggestion: String?) {
        let near = Suggestion.closest(to: name, among: candidates)
        return ("\(type) has no field '\(name)'." + Suggestion.sentence(near), near)
    }
}
