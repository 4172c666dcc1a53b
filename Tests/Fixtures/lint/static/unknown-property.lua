-- A typo inside a function nobody calls.
local function unused()
  return mut(View.layer.cornerRadus, 6)
end
