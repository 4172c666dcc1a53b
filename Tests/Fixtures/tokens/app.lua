local t = tokens { "palette.tokens.json", "brand.tokens.json" }

local alertStyle = concat(
  mut(Label.textColor, t.color.danger),
  mut(View.layer.cornerRadius, t.radius.card)
)
rule(".alert", alertStyle)

return StackView { id = "root", spacing = t.space.md,
  Label { id = "title", class = "alert", text = "Payment failed", font = t.type.title },
  Label { id = "body", text = "Try another card", textColor = t.color.text },
}
