-- expect: as its error
local e = setmetatable({}, { __tostring = function() error("and again") end })
error(e)
