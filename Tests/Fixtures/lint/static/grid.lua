-- Off the 4-point grid.
local s = concat(mut(StackView.spacing, 10), mut(View.layoutMargins, insets(8, 6)))
local t = StackView { spacing = 12, layoutMargins = { top = 8, bottom = 3 } }
