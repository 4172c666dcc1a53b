import CFreeType

/// FreeType's library handle, freed after the last face opened with it: every `FontFace`
/// holds it, so no face outlives the library it was made by.
final class FreeTypeLibrary {
    let handle: FT_Library

    /// Nil when FreeType cannot start (out of memory).
    init?() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}
