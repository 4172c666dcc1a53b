#include "CFreeTypeShim.h"

int srft_open(FT_Library library, const char *path, long index, FT_Face *face) {
    return FT_New_Face(library, path, index, face);
}

srft_FaceInfo srft_info(FT_Face face) {
    srft_FaceInfo info;
    info.units_per_em = face->units_per_EM;
    info.ascender = face->ascender;
    info.descender = face->descender;
    info.line_height = face->height;
    info.is_scalable = FT_IS_SCALABLE(face) ? 1 : 0;
    info.family = face->family_name;
    info.style = face->style_name;
    info.postscript_name = FT_Get_Postscript_Name(face);
    return info;
}
