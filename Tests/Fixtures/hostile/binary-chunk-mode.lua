-- expect: Binary chunks are not allowed
local f = assert(load("return 1", "x", "b"))
return Label { text = tostring(f()) }
