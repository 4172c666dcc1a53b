#include "CHarfBuzzShim.h"

hb_font_t *srhb_font_create(FT_Face face) {
    hb_face_t *hb_face = hb_ft_face_create_referenced(face);
    hb_font_t *font = hb_font_create(hb_face);
    hb_face_destroy(hb_face);  // the font holds its own reference
    unsigned int upem = hb_face_get_upem(hb_font_get_face(font));
    hb_font_set_scale(font, (int)upem, (int)upem);
    hb_ot_font_set_funcs(font);
    return font;
}

static int has_axis(hb_font_t *font, hb_tag_t tag) {
    hb_ot_var_axis_info_t info;
    return hb_ot_var_find_axis_info(hb_font_get_face(font), tag, &info) ? 1 : 0;
}

int srhb_set_style(hb_font_t *font, float weight, int italic) {
    hb_variation_t variations[2];
    unsigned int count = 0;
    int set = 0;
    hb_tag_t wght = HB_TAG('w', 'g', 'h', 't');
    hb_tag_t ital = HB_TAG('i', 't', 'a', 'l');
    hb_tag_t slnt = HB_TAG('s', 'l', 'n', 't');
    if (has_axis(font, wght)) {
        variations[count].tag = wght; variations[count].value = weight; count++;
        set |= 1;
    }
    if (has_axis(font, ital)) {
        variations[count].tag = ital; variations[count].value = italic ? 1 : 0; count++;
        set |= 2;
    } else if (has_axis(font, slnt)) {
        // slnt is in degrees, counter-clockwise: an upright font's italic leans right.
        variations[count].tag = slnt; variations[count].value = italic ? -10 : 0; count++;
        set |= 2;
    }
    if (count > 0) hb_font_set_variations(font, variations, count);
    return set;
}
