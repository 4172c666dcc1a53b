-- expect: memory limit of 256 MiB
-- The same from a function style: every Label styled holds its own copy of the text.
local s = string.rep("x", 50 * 1024 * 1024)
rule("Label", function(v) v.text = s end)
local kids = {}
for i = 1, 40 do kids[i] = Label { id = "l" .. i } end
return StackView(kids)
