import Foundation
import StyleCore
import StyleLayout
import StyleText

/// Frames for a styled tree, with text in real fonts and images from the script's folder.
///
///     let sheet = try runtime.load(file: "screen.lua")
///     let root = try sheet.applyToOwnTree()
///     let layout = sheet.layout(root, width: 320)
///     layout.frame(of: root)                    // Frame(x: 0, y: 0, width: 320, height: …)
///     sheet.layoutWarnings(layout)              // a font that is not installed, per font
extension LoadedStylesheet {
    /// The script's folder, where its images are.
    public var folder: String {
        guard let script = files.first else { return "." }
        return (script as NSString).deletingLastPathComponent.isEmpty ? "." : (script as NSString).deletingLastPathComponent
    }

    /// Lays out `root` at `width` points for `traits` (their layout direction; by default the
    /// traits the stylesheet styles for, whose content size its fonts already follow). Pass an
    /// `engine` kept between calls to keep frames when a restyle moved nothing, and measured
    /// text; by default each call measures with a new `FontTextMeasurer`.
    public func layout(_ root: View, width: Double = LayoutOptions.defaultWidth, traits: Traits? = nil,
                       engine: LayoutEngine? = nil) -> Layout {
        let engine = engine ?? layoutEngine()
        return engine.layout(root, options: LayoutOptions(width: width, traits: traits ?? self.traits))
    }

    /// A layout engine over real fonts and this script's images.
    public func layoutEngine() -> LayoutEngine {
        let images = ImageDimensions(folder: folder)
        return LayoutEngine(measurer: FontTextMeasurer(), imageSize: { images.size(of: $0) })
    }

    /// A `missing-font` warning for each font the layout stood another in for, at the first
    /// view that uses it.
    public func layoutWarnings(_ layout: Layout) -> [Diagnostic] {
        let script = SourceLocation(file: files.first ?? "<layout>", line: 1)
        var warnings = layout.substitutions.map { warning in
            Diagnostic(.missingFont, "\(warning.substitution.message) (first used by \(warning.view))",
                       at: warning.location ?? script, severity: .warning)
        }
        if let depth = layout.tooDeep {
            warnings.append(Diagnostic(.layoutTooDeep, "The tree is \(depth) views deep; layout stops at \(LayoutEngine.maximumDepth) levels, so no frame was computed. Nest fewer views.",
                                       at: layout.root.location ?? script, severity: .warning))
        }
        return warnings
    }
}
