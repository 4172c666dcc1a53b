-- Numbers outside their range.
local faded = mut(View.alpha, 1.5)
local negative = style(Label, function(v) v.numberOfLines = -1 end)
