-- expect: memory limit of 256 MiB
-- Lua holds the string once; each Label's text is a copy in Swift, charged to the memory limit.
local s = string.rep("x", 50 * 1024 * 1024)
local kids = {}
for i = 1, 40 do kids[i] = Label { text = s } end
return StackView(kids)
