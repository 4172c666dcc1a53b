import StyleCore
import StyleLayout

/// Text measured in real font files: Fontconfig finds the file (`FontLocator`), FreeType
/// loads it, HarfBuzz shapes the text (`FontFace`), `LineBreaker` wraps it.
///
///     let measurer = FontTextMeasurer()
///     measurer.measure(TextRequest(text: "Subscribe", font: .system(17, .semibold))).size
///
/// Everything is kept: each font's file and face once opened, each text's shaped advances in
/// each font, and each answer by its whole request (text, font, width, lines, mode), so the
/// same question twice costs a dictionary lookup. Not `Sendable`: one per isolation domain.
public final class FontTextMeasurer: TextMeasurer {
    private let library = FreeTypeLibrary()
    private let locator = FontLocator()
    private var faces: [String: FontFace] = [:]
    private var resolved: [FaceKey: Resolved] = [:]
    private var shaped: [ShapeKey: [Double]] = [:]
    private var answers: [TextRequest: TextMeasurement] = [:]
    /// How many texts were shaped: what the cache spares (tests and stylebench read it).
    public private(set) var shapingCount = 0

    private struct FaceKey: Hashable {
        let name: String
        let weight: Font.Weight
        let italic: Bool
    }

    private struct ShapeKey: Hashable {
        let text: String
        let face: FaceKey
    }

    private struct Resolved {
        let face: FontFace?
        let substitution: FontSubstitution?
    }

    public init() {}

    public func measure(_ request: TextRequest) -> TextMeasurement {
        if let answer = answers[request] { return answer }
        let answer = compute(request)
        answers[request] = answer
        return answer
    }

    public func metrics(of font: Font) -> FontMetrics {
        let resolved = resolve(font)
        guard let face = resolved.face else { return Self.fallbackMetrics(font) }
        let scale = font.size / face.unitsPerEm
        return FontMetrics(ascender: face.ascender * scale, descender: face.descender * scale,
                           lineHeight: face.lineHeight * scale)
    }

    /// The file a font is measured in, its name and units per em, and what it stands in for.
    public func face(for font: Font) -> FaceInfo? {
        let resolved = resolve(font)
        guard let face = resolved.face else { return nil }
        return FaceInfo(file: face.path, name: face.displayName, unitsPerEm: face.unitsPerEm,
                        substitution: resolved.substitution)
    }

    public struct FaceInfo: Hashable, Sendable {
        public let file: String
        /// `Inter Bold`.
        public let name: String
        public let unitsPerEm: Double
        public let substitution: FontSubstitution?
    }

    /// The shaped width of `text` on one line in points, unrounded: the sum of HarfBuzz's advances.
    public func advanceWidth(of text: String, font: Font) -> Double {
        advances(of: text, characters: Array(text), font: font, resolved: resolve(font)).reduce(0, +)
    }

    private func compute(_ request: TextRequest) -> TextMeasurement {
        let font = request.font
        let resolved = resolve(font)
        let metrics = self.metrics(of: font)
        let characters = Array(request.text)
        guard !characters.isEmpty else {
            return TextMeasurement(size: .zero, lineCount: 0, metrics: metrics, substitution: resolved.substitution)
        }
        let advances = self.advances(of: request.text, characters: characters, font: font, resolved: resolved)
        let ellipsis = self.advances(of: "…", characters: ["…"], font: font, resolved: resolved).reduce(0, +)
        let breaker = LineBreaker(characters: characters, advances: advances, ellipsisWidth: ellipsis)
        let result = breaker.lines(maxWidth: request.maxWidth, numberOfLines: request.numberOfLines,
                                   mode: request.lineBreakMode)
        let widest = result.lineWidths.max() ?? 0
        let width = min(Self.roundedUp(widest), request.maxWidth.map { $0 } ?? .infinity)
        let height = Self.roundedUp(Double(result.lineWidths.count) * metrics.lineHeight)
        return TextMeasurement(size: Size(width: width, height: height), lineCount: result.lineWidths.count,
                               metrics: metrics, truncation: result.truncation, substitution: resolved.substitution)
    }

    /// Each character's advance in points: shaped once per text and font, scaled per size.
    private func advances(of text: String, characters: [Character], font: Font, resolved: Resolved) -> [Double] {
        guard let face = resolved.face else {
            return characters.map { $0.isNewline ? 0 : font.size * 0.5 }
        }
        let key = ShapeKey(text: text, face: FaceKey(name: font.name, weight: font.weight, italic: font.italic))
        let units: [Double]
        if let kept = shaped[key] {
            units = kept
        } else {
            units = face.advances(of: characters)
            shaped[key] = units
            shapingCount += 1
        }
        let scale = font.size / face.unitsPerEm
        return units.map { $0 * scale }
    }

    private func resolve(_ font: Font) -> Resolved {
        let key = FaceKey(name: font.name, weight: font.weight, italic: font.italic)
        if let r = resolved[key] { return r }
        let requested = font.name == "system" ? "system (\(FontLocator.systemStandIn))" : font.name
        var r = Resolved(face: nil, substitution: FontSubstitution(requested: requested, standIn: Self.fixedMetricsName))
        if let library, let location = locator.locate(font) {
            let cacheKey = "\(location.path)#\(location.index)#\(font.weight)#\(font.italic)"
            if let face = faces[cacheKey] {
                r = Resolved(face: face, substitution: location.substitution)
            } else {
                do throws(FontFace.OpenError) {
                    let face = try FontFace(library: library, path: location.path, index: location.index,
                                            weight: Double(font.weight.openTypeWeight), italic: font.italic)
                    faces[cacheKey] = face
                    r = Resolved(face: face, substitution: location.substitution)
                } catch {
                    // A file Fontconfig lists but FreeType cannot open: reported as a missing
                    // font, with the reason, and measured with fixed metrics.
                    r = Resolved(face: nil, substitution: FontSubstitution(
                        requested: requested, standIn: "\(Self.fixedMetricsName) (\(error.message))"))
                }
            }
        }
        resolved[key] = r
        return r
    }

    /// What stands in when no font file can be opened.
    static let fixedMetricsName = "fixed metrics, half an em per character"

    /// Metrics when no font file at all can be opened: a line of 1.2 em, as a last resort.
    private static func fallbackMetrics(_ font: Font) -> FontMetrics {
        FontMetrics(ascender: font.size * 0.95, descender: -font.size * 0.25, lineHeight: font.size * 1.2)
    }

    /// Up to the whole point, forgiving the last bits of floating-point error.
    static func roundedUp(_ v: Double) -> Double { (v - 0.000001).rounded(.up) }
}
