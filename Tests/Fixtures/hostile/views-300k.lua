-- expect: limit of
-- 300,000 Labels live in Swift, outside the Lua heap: they are charged to the memory limit.
local kids = {}
for i = 1, 300000 do kids[i] = Label { text = "x" } end
return StackView(kids)
