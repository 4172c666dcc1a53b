// The C half of stylerun's FreeType use: opening a face and reading its metrics.
//
// FT_FaceRec's fields are reached through macros (FT_IS_SCALABLE) and a pointer chain Swift
// imports awkwardly; here they become one plain struct, so the Swift side holds an opaque face.
#ifndef CFREETYPESHIM_H
#define CFREETYPESHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H

// A face's vertical metrics and names, in font units (the hhea table's, as Core Text reads them).
typedef struct srft_FaceInfo {
    int units_per_em;
    int ascender;      // above the baseline, positive
    int descender;     // below the baseline, negative
    int line_height;   // ascender - descender + line gap
    int is_scalable;   // FT_IS_SCALABLE: an outline font (a bitmap font has no units per em)
    const char *family;           // owned by the face; NULL when the file names none
    const char *style;
    const char *postscript_name;
} srft_FaceInfo;

// FT_New_Face, returning FreeType's error code (0 when the face opened).
int srft_open(FT_Library library, const char *path, long index, FT_Face *face);

// The face's metrics and names.
srft_FaceInfo srft_info(FT_Face face);

#endif
