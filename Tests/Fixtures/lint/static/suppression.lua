-- Suppressed on the same line, on the line after a lone comment, and one left.
local a = mut(StackView.spacing, 10) -- stylerun: ignore grid
-- stylerun: ignore undefined-global, grid
local b = mutt(StackView.spacing, 10)
local c = mut(StackView.spacing, 10)
