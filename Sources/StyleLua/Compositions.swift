import StyleCore

/// A style composed of parts (`concat`, `style`, `..`, `+`), with where each part came from in
/// the script that composed it: lint runs it once to find values a later part replaces unread.
struct Composition {
    let style: Style
    /// The operations of each part within `style.operations`.
    let ranges: [Range<Int>]
    /// Each part's place in the composing file: the call of the helper that made it, or the
    /// part itself when it was written there.
    let sites: [SourceLocation]

    /// The most compositions checked per evaluation.
    static let maximum = 2000
}

extension Evaluation {
    func noteComposition(_ style: Style, parts: [Style]) {
        guard compositions.count < Composition.maximum, parts.count > 1 else { return }
        let frames = scriptFrames()
        let depth = frames.count
        let call = frames.first
        var ranges: [Range<Int>] = []
        var start = 0
        for part in parts {
            ranges.append(start..<(start + part.operations.count))
            start += part.operations.count
        }
        guard start == style.operations.count else { return }
        // A part's chain of frames ends with the frames of the composing call: the one at the
        // composing call's depth is the part's place in the composing code.
        let sites = parts.map { part -> SourceLocation in
            let chain = [part.location] + part.callSites
            let index = chain.count - depth
            var site = chain.indices.contains(index) ? chain[index] : part.location
            // A part made before the composing expression (a style in a variable) is placed
            // at the composition, where it is used.
            if let call, site.file == call.file, site.line < call.line { site = call }
            if let lines = vm.lines(of: site.file), site.line >= 1, site.line <= lines.count {
                site.column = (lines[site.line - 1].prefix { $0 == " " || $0 == "\t" }.count) + 1
            }
            return site
        }
        compositions.append(Composition(style: style, ranges: ranges, sites: sites))
    }

    /// `duplicate-set` for values that one part of a composition sets and a later one replaces
    /// with nothing reading them between, followed through helper functions and function styles;
    /// reported at the earlier part's place in the composing script.
    func deadWrites() -> [Diagnostic] {
        var found: [Diagnostic] = []
        for composition in compositions where composition.style.kind.isViewKind {
            prepareForApplication()
            let application = StyleApplication(view: View(kind: composition.style.kind), recordsProvenance: false)
            let log = DeadWrites(parts: composition.ranges)
            application.deadWrites = log
            // A part that fails is reported by the probes; what ran before it still counts.
            do throws(Diagnostic) { try application.apply(composition.style) } catch { if error.code == .limitExceeded { break } }
            for finding in log.found {
                let later = composition.sites[finding.laterPart]
                found.append(Diagnostic(.duplicateSet,
                                        "'\(finding.property)' is set twice in one concat; the value set here is replaced on line \(later.line) and never used.",
                                        at: composition.sites[finding.earlierPart], severity: .warning))
            }
        }
        return found
    }
}
