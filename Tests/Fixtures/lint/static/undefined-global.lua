-- A misspelled function, and a name shadowed by a local (quiet).
local function later()
  return mutt(View.alpha, 1)
end
local kinds = 3
print(kinds)
