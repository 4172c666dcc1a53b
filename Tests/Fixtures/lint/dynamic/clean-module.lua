-- A clean module: a table of styles, and a parametrised style.
local M = {}
M.card = concat(mut(View.layer.cornerRadius, 12), function(v) v.clipsToBounds = true end)
M.caption = style(Label, function(l)
  l.font = font.preferred("caption1")
  l.numberOfLines = 2
end)
function M.spaced(n)
  return mut(StackView.spacing, n * 4)
end
return M
