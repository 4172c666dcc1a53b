// The C half of stylerun's HarfBuzz use: a font over a FreeType face, and variation axes.
//
// HB_TAG is a macro Swift cannot import; the font is made here so its scale is set once, in
// font units, the way `hb-shape` shapes by default (its advances are what the tests compare).
#ifndef CHARFBUZZSHIM_H
#define CHARFBUZZSHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <harfbuzz/hb-ot.h>

// A HarfBuzz font over `face` (which it references, so the face may be released after),
// scaled to the face's units per em and using HarfBuzz's own OpenType functions: unhinted
// advances in font units, independent of any FreeType size.
hb_font_t *srhb_font_create(FT_Face face);

// Sets a variable font's axes for a weight (100…900, the `wght` axis) and italic (the `ital`
// axis, or `slnt` as some fonts have). Returns which were set: 1 for weight, 2 for italic,
// both added; 0 for a font whose file carries one style (not variable in these axes).
int srhb_set_style(hb_font_t *font, float weight, int italic);

#endif
