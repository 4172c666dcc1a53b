-- expect: source size limit
local f = load(string.rep("x = 1 ", 5e6))
return Label {}
