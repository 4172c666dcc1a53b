-- Two themes; `--theme dark` picks the second.
local theme = themes {
  default = "light",
  light = { background = color.white, accent = "#FF0000" },
  dark = { background = color.black, accent = "#0000FF" },
}
rule("#root", mut(View.backgroundColor, theme.background))
return StackView { id = "root", tintColor = theme.accent }
