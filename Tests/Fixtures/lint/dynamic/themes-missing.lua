-- Every theme must define the same tokens; each gap is reported.
local t = themes {
  default = "light",
  light = { primary = "#6E40C9", surface = "#FFFFFF" },
  dark = { primary = "#974DFF" },
  sepia = { surface = "#F4ECD8" },
}
appearance(View, mut(View.backgroundColor, t.surface))
appearance(Label, mut(Label.textColor, t.primary))
appearance(Label, mut(Label.textColour, t.primary))
