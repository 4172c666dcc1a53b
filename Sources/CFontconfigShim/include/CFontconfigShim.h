// The C half of stylerun's Fontconfig use: finding a font file by family or PostScript name.
//
// The pattern keys (FC_FAMILY, FC_WEIGHT, …) are macros and FcPatternGet* answers through
// out-parameters; here a query becomes one call that returns plain strings.
#ifndef CFONTCONFIGSHIM_H
#define CFONTCONFIGSHIM_H

// The best match Fontconfig found: its file and the names inside it. Free with srfc_match_free.
typedef struct srfc_Match {
    char *path;
    int index;                // the face's index in a collection file
    char *family;             // the match's first family name
    char *style;
    char *postscript_name;    // NULL when the file names none
} srfc_Match;

// The best installed match for `family` (or, when `postscript_name` is not NULL, the font of
// that PostScript name) at an OpenType weight (100…900) and slant. Fontconfig always answers
// with some font; the caller compares the names to know whether it is the one asked for.
// Returns 0 on success, -1 when Fontconfig cannot start or knows no font at all.
int srfc_match(const char *family, const char *postscript_name, int weight, int italic, srfc_Match *out);

void srfc_match_free(srfc_Match *match);

#endif
