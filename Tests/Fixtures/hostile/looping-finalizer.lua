-- expect: '__gc' is not allowed
local t = setmetatable({}, { __gc = function() while true do end end })
return Label {}
