-- A `when` replaces a value only while it holds: the value before it is not dead, though the
-- `when` holds at the traits the probe styles for (a compact width).
local row = concat(
  mut(StackView.alignment, "firstBaseline"),
  when({ horizontalSizeClass = "compact" }, mut(StackView.alignment, "leading"))
)
-- Without a `when`, the same override is a dead write.
local column = concat(
  mut(StackView.alignment, "firstBaseline"),
  mut(StackView.alignment, "leading")
)
return StackView { style = row, StackView { style = column }, Label { text = "Go" } }
