import StyleRun
import StyleCore

/// The open documents: their text (which the client owns, so it is always kept), their
/// diagnostics, and a bounded number of parsed indexes.
///
/// Indexes are the large part (a syntax tree per document), so only the most recently used
/// `maximumIndexes` are kept; the others are parsed again when asked for. Memory stays bounded
/// however many documents an editor opens.
struct DocumentStore {
    struct Entry {
        var document: TextDocument
        /// Diagnostics of the static pass for `staticVersion`.
        var staticDiagnostics: [Diagnostic] = []
        var staticVersion = -1
        /// Diagnostics of both passes (static and the isolated evaluation) for `fullVersion`.
        var fullDiagnostics: [Diagnostic] = []
        var fullVersion = -1
        /// Bumped on every change; a debounced check runs only if it is still current.
        var generation = 0
        var dynamicRunning = false
        var dynamicWanted = false
    }

    static let maximumIndexes = 64

    private(set) var entries: [String: Entry] = [:]
    /// The last index that parsed, per URI, with the version it was built from.
    private var indexes: [String: (version: Int, index: DocumentIndex)] = [:]
    private var recent: [String] = []
    /// The version of each document known not to parse, so that it is not parsed again per request.
    private var unparsable: [String: Int] = [:]

    subscript(uri: String) -> Entry? {
        get { entries[uri] }
        set {
            entries[uri] = newValue
            if newValue == nil { indexes[uri] = nil; unparsable[uri] = nil; recent.removeAll { $0 == uri } }
        }
    }

    var uris: [String] { Array(entries.keys) }

    func entry(path: String) -> Entry? { entries.values.first { $0.document.path == path } }

    /// The index of the document as it is now, parsing it if needed; nil when it does not parse.
    mutating func currentIndex(_ uri: String) -> DocumentIndex? {
        guard let doc = entries[uri]?.document else { return nil }
        if let cached = indexes[uri], cached.version == doc.version { touch(uri); return cached.index }
        if unparsable[uri] == doc.version || doc.isTooLargeToCheck { return nil }
        guard let index = DocumentIndex(bytes: doc.bytes, chunkName: doc.path) else {
            unparsable[uri] = doc.version
            return nil
        }
        remember(uri, version: doc.version, index)
        return index
    }

    /// The current index, or the last one that parsed (for completion while the text is broken).
    mutating func lastGoodIndex(_ uri: String) -> DocumentIndex? {
        if let index = currentIndex(uri) { return index }
        return indexes[uri]?.index
    }

    private mutating func remember(_ uri: String, version: Int, _ index: DocumentIndex) {
        indexes[uri] = (version, index)
        touch(uri)
        while recent.count > Self.maximumIndexes {
            indexes[recent.removeFirst()] = nil
        }
    }

    private mutating func touch(_ uri: String) {
        recent.removeAll { $0 == uri }
        recent.append(uri)
    }

    /// How many parsed indexes are held (for tests of the bound).
    var indexCount: Int { indexes.count }
}
