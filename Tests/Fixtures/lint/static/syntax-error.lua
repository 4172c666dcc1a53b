-- A call with a missing comma.
local s = mut(View.alpha 1)
