import StyleLayout

/// Lines of a text from its characters' advances, as a label breaks them: word wrapping (a
/// word wider than the line breaks between characters), character wrapping, hard line breaks,
/// a limit on lines, and truncation with an ellipsis in the head, the middle or the tail.
///
/// Pure arithmetic over advances in points, so it is tested without fonts.
struct LineBreaker {
    let characters: [Character]
    let advances: [Double]
    let ellipsisWidth: Double

    struct Result: Equatable {
        /// Each shown line's width in points (trailing spaces not counted).
        var lineWidths: [Double]
        var truncation: Truncation?
    }

    /// Lines for `maxWidth` (nil: no limit), at most `numberOfLines` (0: no limit).
    func lines(maxWidth: Double?, numberOfLines: Int, mode: LineBreakMode) -> Result {
        let total = characters.count
        let paragraphs = self.paragraphs()
        // One line: no wrapping; what does not fit is truncated or cut in that line.
        if numberOfLines == 1 {
            let first = paragraphs[0]
            let more = paragraphs.count > 1
            let width = self.width(first)
            if maxWidth == nil || width <= maxWidth! + 0.0001 {
                let truncation = more ? Truncation(line: 1, charactersShown: first.count, characters: total,
                                                   ellipsis: mode.truncates) : nil
                return Result(lineWidths: [width], truncation: truncation)
            }
            let (shown, shownWidth) = fit(first, in: maxWidth!, mode: mode)
            return Result(lineWidths: [shownWidth],
                          truncation: Truncation(line: 1, charactersShown: shown, characters: total, ellipsis: mode.truncates))
        }
        var lines: [Range<Int>] = []
        for paragraph in paragraphs {
            if let maxWidth {
                lines += wrap(paragraph, width: maxWidth, byCharacters: mode == .byCharWrapping)
            } else {
                lines.append(paragraph)
            }
        }
        guard numberOfLines > 0, lines.count > numberOfLines else {
            return Result(lineWidths: lines.map(width), truncation: nil)
        }
        // Too many lines: the last one shown ends the text.
        var shown = Array(lines.prefix(numberOfLines))
        let last = shown.removeLast()
        let before = last.lowerBound   // the characters of the lines above, and the breaks between them
        var widths = shown.map(width)
        if mode.truncates, let maxWidth {
            // The rest of the text, from the last line on, truncated into that line.
            let rest = last.lowerBound..<lines.last!.upperBound
            let (kept, keptWidth) = fit(rest, in: maxWidth, mode: mode)
            widths.append(keptWidth)
            return Result(lineWidths: widths, truncation: Truncation(line: numberOfLines, charactersShown: min(total, before + kept),
                                                                     characters: total, ellipsis: true))
        }
        widths.append(width(last))
        var visible = last.upperBound
        while visible > last.lowerBound, LineBreaker.isSpace(characters[visible - 1]) { visible -= 1 }
        return Result(lineWidths: widths, truncation: Truncation(line: numberOfLines, charactersShown: visible,
                                                                 characters: total, ellipsis: false))
    }

    /// Whether a character is white space: ASCII answered at once (Unicode's property tables
    /// cost a lookup per character, a tenth of wrapping a label).
    @inline(__always)
    static func isSpace(_ c: Character) -> Bool {
        if let ascii = c.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return c.isWhitespace
    }

    /// The text split at hard line breaks (the breaks themselves in no paragraph); one empty
    /// paragraph for an empty text.
    private func paragraphs() -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        for (i, c) in characters.enumerated() where c.isNewline {
            out.append(start..<i)
            start = i + 1
        }
        out.append(start..<characters.count)
        return out
    }

    /// The width of a range, trailing spaces not counted (they hang past the line's end).
    func width(_ range: Range<Int>) -> Double {
        var end = range.upperBound
        while end > range.lowerBound, LineBreaker.isSpace(characters[end - 1]) { end -= 1 }
        var w = 0.0
        for i in range.lowerBound..<end { w += advances[i] }
        return w
    }

    /// Greedy lines of one paragraph: as many words as fit, a word wider than the line
    /// broken between characters; the spaces a line breaks at start no line.
    private func wrap(_ paragraph: Range<Int>, width maxWidth: Double, byCharacters: Bool) -> [Range<Int>] {
        guard !paragraph.isEmpty else { return [paragraph] }
        var lines: [Range<Int>] = []
        var start = paragraph.lowerBound
        while start < paragraph.upperBound {
            var running = 0.0     // the line's width so far, its spaces included
            var end = start
            var lastBreak: Int?   // the index after the last space seen in this line
            while end < paragraph.upperBound {
                if LineBreaker.isSpace(characters[end]) {
                    running += advances[end]
                    end += 1
                    if !byCharacters { lastBreak = end }
                    continue
                }
                // Trailing spaces hang: only a visible character can overflow the line.
                if running + advances[end] > maxWidth + 0.0001, end > start { break }
                running += advances[end]
                end += 1
            }
            if end < paragraph.upperBound, !byCharacters, let lastBreak, lastBreak > start {
                end = lastBreak
            }
            if end == start { end = start + 1 }   // a character wider than the line takes it alone
            lines.append(start..<end)
            start = end
            // Spaces after a soft break start no line.
            while start < paragraph.upperBound, characters[start] == " " { start += 1 }
        }
        return lines
    }

    /// How many characters of `range` one line of `maxWidth` shows in `mode`, and that line's
    /// width (the ellipsis included when the mode truncates).
    private func fit(_ range: Range<Int>, in maxWidth: Double, mode: LineBreakMode) -> (Int, Double) {
        let indices = Array(range)
        switch mode {
        case .byTruncatingTail:
            var w = 0.0, kept = 0
            for i in indices {
                if w + advances[i] + ellipsisWidth > maxWidth + 0.0001 { break }
                w += advances[i]
                kept += 1
            }
            let shownWidth = (kept > 0 ? width(range.lowerBound..<(range.lowerBound + kept)) : 0) + ellipsisWidth
            return (kept, min(shownWidth, maxWidth))
        case .byTruncatingHead:
            var w = 0.0, kept = 0
            for i in indices.reversed() {
                if w + advances[i] + ellipsisWidth > maxWidth + 0.0001 { break }
                w += advances[i]
                kept += 1
            }
            return (kept, min(w + ellipsisWidth, maxWidth))
        case .byTruncatingMiddle:
            // Characters from both ends in turn, the head first, while the ellipsis fits between.
            var head = 0, tail = 0, w = ellipsisWidth
            var takeHead = true
            while head + tail < indices.count {
                let i = takeHead ? indices[head] : indices[indices.count - 1 - tail]
                if w + advances[i] > maxWidth + 0.0001 { break }
                w += advances[i]
                if takeHead { head += 1 } else { tail += 1 }
                takeHead.toggle()
            }
            return (head + tail, min(w, maxWidth))
        case .byWordWrapping:
            // The words that fit whole; a first word wider than the line is cut.
            let lines = wrap(range, width: maxWidth, byCharacters: false)
            let first = lines.first ?? range
            return (first.count, min(width(first), maxWidth))
        case .byCharWrapping, .byClipping:
            var w = 0.0, kept = 0
            for i in indices {
                if w + advances[i] > maxWidth + 0.0001 { break }
                w += advances[i]
                kept += 1
            }
            // Clipping shows the line up to the edge; the label is as wide as its frame.
            return (kept, mode == .byClipping ? maxWidth : w)
        }
    }
}
