-- expect: memory limit
local t = {}
for i = 1, 1e12 do t[i] = { i, i, i, i } end
