-- expect: at most 1024 bytes
-- An id is hashed, matched and printed for every view; one of 50 MiB on forty views was a copy each.
local s = string.rep("x", 50 * 1024 * 1024)
local kids = {}
for i = 1, 40 do kids[i] = Label { id = s } end
return StackView(kids)
