// The Lua 5.4 C API as Debian installs it (liblua5.4-dev, headers under lua5.4/).
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
