-- expect: read-only
local mt = getmetatable("")
mt.__index = { upper = function() return "pwned" end }
return Label { text = ("x"):upper() }
