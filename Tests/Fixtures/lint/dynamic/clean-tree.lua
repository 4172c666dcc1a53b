-- A clean script returning a tree.
local rounded = concat(mut(View.layer.cornerRadius, 8), mut(View.layer.masksToBounds, true))
local titled = style(Button, function(b)
  b.titleLabel.font = font.system(16, "semibold"):scaled("callout")
  b.contentEdgeInsets = insets(12, 16)
end)
rule("Button.primary", rounded .. titled)
appearance(Label, mut(Label.numberOfLines, 0))
return StackView {
  id = "root", axis = "vertical", spacing = 16,
  Label { id = "title", text = "Subscribe" },
  Button { id = "subscribe", class = "primary", title = "See options", titleColor = color.dynamic { light = "#0062CC", dark = "#409CFF" } },
}
