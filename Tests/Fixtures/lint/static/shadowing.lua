-- Locals shadow globals and kinds: nothing here is the stylerun API.
local function mutt(x) return x end
local Label = { text = 1 }
local style = function(k, f) return f end
print(mutt(1), Label.txt, style(Label, function(v) v.spacing = 4 end))
for _, View in ipairs({}) do print(View.layoutMargin) end
