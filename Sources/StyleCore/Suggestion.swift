/// Did-you-mean: the candidates closest to a misspelled name by edit distance.
public enum Suggestion {
    /// The best candidate within a distance that scales with the name's length, or nil.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(1, min(3, name.count / 3 + 1))
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(name.lowercased(), candidate.lowercased())
            // A case-only difference is the closest possible.
            let score = d == 0 ? 0 : d
            if score <= limit, best == nil || score < best!.1 || (score == best!.1 && candidate < best!.0) {
                best = (candidate, score)
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

    /// " Did you mean 'x'?" or "".
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> (text: String, suggestion: String?) {
        guard let s = closest(to: name, among: candidates) else { return ("", nil) }
        return (" Did you mean '\(s)'?", s)
    }
}
