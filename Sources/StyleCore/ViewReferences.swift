/// `View.reference` of the views of a `StyledTree`, by position, each built when first asked
/// for, from a `TreeReferences` made for the whole tree the first time one is needed (views in
/// long lists of siblings are not searched for among them one by one, and a deep tree's paths
/// are not copied level by level).
///
/// A tree of the same shape under the same root has the same references, so the next restyle's
/// tree takes them over (`StyledTree.changes(since:at:views:)`): a reload that changes the same
/// views as the last one builds none.
final class ViewReferences {
    /// The root's reference, which may start above it: references are taken over only under it.
    let rootReference: String
    /// By position: the reference, once built.
    private var references: [String?]
    /// Every view's path, once one was needed.
    private var table: TreeReferences?

    init(root: View, count: Int) {
        rootReference = root.reference
        references = Array(repeating: nil, count: count)
    }

    /// The reference of the view at `i` of `views`, whose places are `places`.
    func reference(of i: Int, places: UnsafeBufferPointer<StyledTree.Place>, views: [Unmanaged<View>]) -> String {
        if let known = references[i] { return known }
        let reference: String
        if let id = views[i].takeUnretainedValue().id {
            reference = "#" + id
        } else {
            if table == nil {
                // By index, reading the parent alone: mapping the places copied (and retained)
                // every field of every place.
                var parents = [Int](repeating: -1, count: places.count)
                for j in places.indices { parents[j] = places[j].parent }
                table = TreeReferences(views: views.map { $0.takeUnretainedValue() }, parents: parents)
            }
            reference = table!.reference(at: i)
        }
        references[i] = reference
        return reference
    }
}
