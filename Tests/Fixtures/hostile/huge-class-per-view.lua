-- expect: 'class' of Label must be class names of at most 4096 bytes in all, got a string of 52428800 bytes.
-- A class list of 50 MiB: hashed for every view it is given to, past any time limit.
local s = string.rep("x", 50 * 1024 * 1024)
local kids = {}
for i = 1, 40 do kids[i] = Label { class = s } end
return StackView(kids)
