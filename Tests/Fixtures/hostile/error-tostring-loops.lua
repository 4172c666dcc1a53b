-- expect: limit of
local e = setmetatable({}, { __tostring = function() while true do end end })
print(e)
