import StyleCore
import StyleLayout

/// Text measured with fixed metrics: every character advances half an em, a line is 1.2 em
/// (ascender 0.95 em, descender 0.25 em), wrapped and truncated as `FontTextMeasurer` does.
///
/// For layouts whose numbers must be worked out by hand (tests: a 20-point "Hello" is 50 × 24)
/// and for hosts that lay out without font files.
public final class UniformTextMeasurer: TextMeasurer {
    public init() {}

    public func metrics(of font: Font) -> FontMetrics {
        FontMetrics(ascender: font.size * 0.95, descender: -font.size * 0.25, lineHeight: font.size * 1.2)
    }

    public func measure(_ request: TextRequest) -> TextMeasurement {
        let characters = Array(request.text)
        let metrics = self.metrics(of: request.font)
        guard !characters.isEmpty else { return TextMeasurement(size: .zero, lineCount: 0, metrics: metrics) }
        let em = request.font.size
        let breaker = LineBreaker(characters: characters, advances: characters.map { $0.isNewline ? 0 : em / 2 },
                                  ellipsisWidth: em / 2)
        let result = breaker.lines(maxWidth: request.maxWidth, numberOfLines: request.numberOfLines, mode: request.lineBreakMode)
        let widest = FontTextMeasurer.roundedUp(result.lineWidths.max() ?? 0)
        return TextMeasurement(size: Size(width: min(widest, request.maxWidth ?? .infinity),
                                          height: FontTextMeasurer.roundedUp(Double(result.lineWidths.count) * metrics.lineHeight)),
                               lineCount: result.lineWidths.count, metrics: metrics, truncation: result.truncation)
    }
}
