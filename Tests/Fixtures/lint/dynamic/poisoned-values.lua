-- A failed call yields a poisoned value; using it reports nothing more.
local a = mutt(View.alpha, 1)
local b = a .. mut(View.alpha, 0.5)
local margins = View.layoutMargin.bottom
local c = mut(margins, 4)
local n = #a + a.anything * 2
return StackView {
  style = { b, c },
  Label { style = a, text = "ok", textColor = "not a color" },
  a,
  Button { title = n, isEnabled = "yes" },
}
