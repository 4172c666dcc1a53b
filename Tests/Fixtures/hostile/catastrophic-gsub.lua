-- expect: pattern limit
local subject = string.rep("a", 30000)
return Label { text = (subject:gsub("a*a*a*a*a*b", "")) }
