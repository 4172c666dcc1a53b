-- expect: stack limit
local function down(n) return 1 + down(n + 1) end
return Label { text = tostring(down(1)) }
