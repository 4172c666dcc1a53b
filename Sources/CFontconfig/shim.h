// Fontconfig as Debian installs it (libfontconfig-dev).
#include <fontconfig/fontconfig.h>
