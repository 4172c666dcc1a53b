-- expect: returned nothing
local x = string.rep("", math.maxinteger)
