import CFreeType
import CFreeTypeShim
import CHarfBuzz
import CHarfBuzzShim
import StyleCore

/// One font file's face, loaded by FreeType and shaped by HarfBuzz: its metrics and the
/// advance of each character of a text, in font units.
///
/// Shaping (not a sum of per-glyph widths) gives kerning and ligatures as a text engine would;
/// the advances are unhinted, in the face's units per em, as `hb-shape` prints them.
final class FontFace {
    let path: String
    /// `Inter Bold`: family and style as the file names them, for messages.
    let displayName: String
    let postScriptName: String?
    let family: String
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double
    let lineHeight: Double
    private let face: FT_Face
    private let font: OpaquePointer
    /// Kept so the library is freed after this face.
    private let library: FreeTypeLibrary

    enum OpenError: Error, Equatable {
        case freeType(path: String, code: Int32)
        case notScalable(path: String)

        var message: String {
            switch self {
            case .freeType(let path, let code): "FreeType cannot open '\(path)' (error \(code))"
            case .notScalable(let path): "'\(path)' is a bitmap font, not an outline font"
            }
        }
    }

    init(library: FreeTypeLibrary, path: String, index: Int, weight: Double, italic: Bool) throws(OpenError) {
        var opened: FT_Face?
        let code = srft_open(library.handle, path, index, &opened)
        guard code == 0, let opened else { throw .freeType(path: path, code: code) }
        let info = srft_info(opened)
        guard info.is_scalable != 0, info.units_per_em > 0 else {
            FT_Done_Face(opened)
            throw .notScalable(path: path)
        }
        self.face = opened
        self.library = library
        self.path = path
        self.family = info.family.map { String(cString: $0) } ?? "unnamed"
        let style = info.style.map { String(cString: $0) } ?? ""
        self.displayName = style.isEmpty || style == "Regular" ? family : "\(family) \(style)"
        self.postScriptName = info.postscript_name.map { String(cString: $0) }
        self.unitsPerEm = Double(info.units_per_em)
        self.ascender = Double(info.ascender)
        self.descender = Double(info.descender)
        self.lineHeight = Double(info.line_height)
        self.font = srhb_font_create(opened)
        // A variable font carries every weight: its axes are set to the one asked for.
        _ = srhb_set_style(font, Float(weight), italic ? 1 : 0)
    }

    deinit {
        hb_font_destroy(font)
        FT_Done_Face(face)
    }

    /// The advance of each character (grapheme) of `characters`, in font units: a glyph's
    /// advance goes to the character its cluster starts at (a ligature's to its first).
    /// Line breaks advance nothing.
    func advances(of characters: [Character]) -> [Double] {
        var bytes: [UInt8] = []
        var characterAt: [Int32] = []
        for (i, c) in characters.enumerated() {
            for b in c.utf8 {
                bytes.append(b)
                characterAt.append(Int32(i))
            }
        }
        var advances = [Double](repeating: 0, count: characters.count)
        guard !bytes.isEmpty else { return advances }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        bytes.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) {
                hb_buffer_add_utf8(buffer, $0, Int32(p.count), 0, Int32(p.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return advances }
        for g in 0..<Int(count) {
            let cluster = Int(infos[g].cluster)
            guard cluster < characterAt.count else { continue }
            advances[Int(characterAt[cluster])] += Double(positions[g].x_advance)
        }
        for (i, c) in characters.enumerated() where c.isNewline { advances[i] = 0 }
        return advances
    }
}
