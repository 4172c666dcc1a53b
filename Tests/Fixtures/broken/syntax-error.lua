-- A missing operand.
local x = (1 + )
return View {}
