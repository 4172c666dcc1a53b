import Dispatch
import StyleCore

/// `Linter.lint(files:)` with a dynamic pass that evaluates in batches (`BatchedDynamicPass`).
///
/// The same report as one file at a time. Every file is read, then the pass gets every file it
/// could read in one call, on this thread, while the static pass checks them on others: an
/// isolated pass's children start and evaluate while this process does the static work. A file
/// that does not parse keeps only its static diagnostics, as in `lint(source:file:)`.
extension Linter {
    func lint(files: [String], batchedBy pass: any BatchedDynamicPass) -> LintReport {
        var sources: [String?] = []
        var unreadable: [Diagnostic] = []
        for file in files {
            do throws(Diagnostic) {
                sources.append(try SourceFile.read(file))
            } catch {
                sources.append(nil)
                unreadable.append(error)
            }
        }
        let readable = files.indices.filter { sources[$0] != nil }
        let scripts = readable.map { LintScript(file: files[$0], source: sources[$0]!) }

        let found = ResultSlots<(diagnostics: [Diagnostic], suppressions: Suppressions)>(count: scripts.count, initial: ([], Suppressions()))
        let check: @Sendable (Int) -> Void = { k in
            found[k] = StaticChecker(schema: schema, stdlib: stdlib).checked(source: scripts[k].source, file: scripts[k].file)
        }
        let staticPass = DispatchGroup()
        // Beside the children even for one script: they are processes of their own.
        if isParallel && !scripts.isEmpty {
            DispatchQueue.global().async(group: staticPass) {
                DispatchQueue.concurrentPerform(iterations: scripts.count, execute: check)
            }
        } else {
            scripts.indices.forEach(check)
        }
        let dynamic = scripts.isEmpty ? [] : pass.check(scripts: scripts)
        precondition(dynamic.count == scripts.count, "A batched dynamic pass returns one result per script, in order.")
        staticPass.wait()

        var all = unreadable
        for (k, script) in scripts.enumerated() {
            let (found, suppressions) = found[k]
            all += Self.merge(static: found, dynamic: Self.runs(found) ? dynamic[k] : [], source: script.source, file: script.file,
                              suppressions: suppressions)
        }
        return LintReport(diagnostics: LintReport.unique(DiagnosticMerge.sorted(all)), files: files.count)
    }
}
