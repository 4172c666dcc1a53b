/// Did-you-mean: the candidates closest to a misspelled name by edit distance.
public enum Suggestion {
    /// The best candidate within a distance that scales with the name's length, or nil.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(1, min(3, name.count / 3 + 1))
        var best: (String, Int)?
        for candidate in candidates {
            // Compared without case, so a case-only difference scores 0, the closest possible.
            let d = distance(name.lowercased(), candidate.lowercased())
            if d <= limit, best == nil || d < best!.1 || (d == best!.1 && candidate < best!.0) {
                best = (candidate, d)
            }
        }
        return best?.0
    }

    /// Damerau–Levenshtein distance (optimal string alignment), so a swapped pair costs 1.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }

    /// " Did you mean 'x'?" with the closest candidate, or "", and the candidate.
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> (text: String, suggestion: String?) {
        let s = closest(to: name, among: candidates)
        return (sentence(s), s)
    }

    /// " Did you mean 'x'?" for a suggestion, or "" for none: the one place the sentence is
    /// written, so every message that appends it reads the same.
    public static func sentence(_ suggestion: String?) -> String {
        suggestion.map { " " + question($0) } ?? ""
    }

    /// "Did you mean 'x'?", alone.
    public static func question(_ suggestion: String) -> String {
        "Did you mean '\(suggestion)'?"
    }
}
