// HarfBuzz as Debian installs it (libharfbuzz-dev, headers under harfbuzz/), with its FreeType
// integration (hb-ft.h), which needs FreeType's headers first.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <harfbuzz/hb-ot.h>
