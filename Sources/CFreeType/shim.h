// FreeType 2 as Debian installs it (libfreetype-dev; pkg-config freetype2 adds -I/usr/include/freetype2).
#include <ft2build.h>
#include FT_FREETYPE_H
