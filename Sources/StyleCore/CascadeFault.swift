/// A cache of the cascade broken on purpose (`Cascade.fault`): what the test of the property
/// test of `ReferenceCascade` sets, to show that a wrong cache makes the engine disagree.
enum CascadeFault {
    /// Results are kept by kind alone (`MatchedResults`): views of one kind take one another's
    /// results whatever rules they matched.
    case resultsIgnoreMatches
    /// Views are put in one match context whatever their parents' (`MatchContexts`): a view
    /// takes the matches of a view of its kind and names elsewhere in the tree.
    case contextsIgnoreParents
    /// A restyle keeps views a changed or added rule matches (`RestylePlan`), as if no rule
    /// had changed.
    case restyleIgnoresChangedRules
    /// Results are kept by kind and matches whatever the view's state (`MatchedResults`): a
    /// view takes what a `when` of a state gave a view of another state.
    case resultsIgnoreState
}
