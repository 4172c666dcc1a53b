import DesignTokens
import StyleCore
import StyleLua

/// `stylerun lint` on design-token files (`*.tokens.json`): each is checked as a script that
/// loads it would find it, every mistake at its JSON `line:col`.
///
/// A file's aliases may name tokens of its sibling files (a brand file over a palette), so
/// each is read after the other token files the lint found, and only its own mistakes count.
public enum TokenFileLint {
    /// A design-token file or a resolver document.
    public static func isTokenFile(_ path: String) -> Bool { path.hasSuffix(".tokens.json") || path.hasSuffix(".resolver.json") }

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
        let tokenFiles = texts.filter { !$0.name.hasSuffix(".resolver.json") }
        for own in texts {
            out += diagnostics(of: own, siblings: tokenFiles.filter { $0.name != own.name })
        }
        return out
    }

    /// One token file's own mistakes, its siblings' tokens known to its aliases.
    public static func diagnostics(of file: (name: String, text: String), siblings: [(name: String, text: String)]) -> [Diagnostic] {
        if file.name.hasSuffix(".resolver.json") {
            let r = ResolverDocument(file: file.name, text: file.text)
            return (r.errors + r.warnings).map(\.diagnostic)
        }
        let set = TokenSet(files: siblings + [file])
        return (set.errors + set.warnings).filter { $0.location.file == file.name }.map(\.diagnostic)
    }
}
