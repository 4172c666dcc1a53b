-- expect: while styling
-- A style composed with itself 30 times stands for a billion writes per view: it takes 30
-- small values to make, and styling stops at a limit instead of running for hours.
local x = mut(View.alpha, 1)
for i = 1, 30 do x = x .. x end
return View { style = x }
