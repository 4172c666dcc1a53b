-- expect: Binary chunks are not allowed
local f = assert(load("\27Lua\84\0\25\147\13\10\26\10\4\8\8\120\86\0\0\0\0\0\0\0\0\0\0\0\40\119\64\1"))
f()
