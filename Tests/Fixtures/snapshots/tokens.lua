-- The design tokens every screen shares: a module, so `stylerun snapshot` skips it.
return themes {
  default = "light",
  light = { accent = color "#974DFF", ink = color.black, surface = color.white },
  dark = { accent = color "#BB86FC", ink = white(0.9), surface = color "#121212" },
}
