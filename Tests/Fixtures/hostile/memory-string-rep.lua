-- expect: memory limit
local s = string.rep("x", 1 << 40)
return Label { text = s }
