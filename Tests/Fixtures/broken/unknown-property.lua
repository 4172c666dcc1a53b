-- A misspelled key path.
local s = mut(View.layoutMargin, 8)
return View { style = s }
