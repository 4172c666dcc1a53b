-- expect: pattern limit
local subject = string.rep("a", 100000)
local found = subject:find(".-.-.-.-.-b")
return Label { text = tostring(found) }
