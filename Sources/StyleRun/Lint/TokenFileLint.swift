import DesignTokens
import StyleCore
import StyleLua

/// `stylerun lint` on design-token files (`*.tokens.json`): each is checked as a script that
/// loads it would find it, every mistake at its JSON `line:col`.
///
/// A file's aliases may name tokens of its sibling files (a brand file over a palette), so
/// each is read after the other token files the lint found, and only its own mistakes count.
public enum TokenFileLint {
    public static func isTokenFile(_ path: String) -> Bool { path.hasSuffix(".tokens.json") }

    static func lint(_ files: [String]) -> [Diagnostic] {
        var texts: [(name: String, text: String)] = []
        var out: [Diagnostic] = []
        for file in files {
            do throws(Diagnostic) {
                texts.append((file, try SourceFile.read(file)))
            } catch {
                out.append(error)
            }
        }
        for (i, own) in texts.enumerated() {
            out += diagnostics(of: own, siblings: texts.enumerated().filter { $0.offset != i }.map(\.element))
        }
        return out
    }

    /// One token file's own mistakes, its siblings' tokens known to its aliases.
    public static func diagnostics(of file: (name: String, text: String), siblings: [(name: String, text: String)]) -> [Diagnostic] {
        let set = TokenSet(files: siblings + [file])
        return (set.errors + set.warnings).filter { $0.location.file == file.name }.map(\.diagnostic)
    }
}
