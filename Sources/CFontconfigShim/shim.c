#include "CFontconfigShim.h"
#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>

static char *copy_string(FcPattern *pattern, const char *object) {
    FcChar8 *value = NULL;
    if (FcPatternGetString(pattern, object, 0, &value) != FcResultMatch || value == NULL) return NULL;
    return strdup((const char *)value);
}

int srfc_match(const char *family, const char *postscript_name, int weight, int italic, srfc_Match *out) {
    memset(out, 0, sizeof *out);
    // FcInit loads the configuration once per process and is cheap after.
    if (!FcInit()) return -1;
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) return -1;
    if (postscript_name != NULL) {
        FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, (const FcChar8 *)postscript_name);
    }
    if (family != NULL) {
        FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    }
    if (postscript_name == NULL) {
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(weight));
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    }
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcPatternDestroy(pattern);
    if (match == NULL) return -1;
    out->path = copy_string(match, FC_FILE);
    int index = 0;
    if (FcPatternGetInteger(match, FC_INDEX, 0, &index) == FcResultMatch) out->index = index;
    out->family = copy_string(match, FC_FAMILY);
    out->style = copy_string(match, FC_STYLE);
    out->postscript_name = copy_string(match, FC_POSTSCRIPT_NAME);
    FcPatternDestroy(match);
    if (out->path == NULL) {
        srfc_match_free(out);
        return -1;
    }
    return 0;
}

void srfc_match_free(srfc_Match *match) {
    free(match->path);
    free(match->family);
    free(match->style);
    free(match->postscript_name);
    memset(match, 0, sizeof *match);
}
