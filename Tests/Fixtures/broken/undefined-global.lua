-- A misspelled function.
local s = mutt(View.alpha, 1)
return View { style = s }
