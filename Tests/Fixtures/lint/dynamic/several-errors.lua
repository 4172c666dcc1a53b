-- Several API mistakes in one file: each is reported, the later ones too.
local card = concat(
  mut(View.layer.cornerRadus, 8),
  mut(View.alpha, 2)
)
local title = mut(Label.textAlignment, "middle")
local broken = mut(View.backgroundColor, 12)
rule("Label.title", title)
appearance(View, card)
return StackView {
  id = "root",
  spacing = "wide",
  Label { id = "title", class = "title", text = 42 },
}
