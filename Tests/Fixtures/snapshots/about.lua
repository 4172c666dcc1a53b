-- A screen without themes: one snapshot.
return StackView { id = "about", spacing = 8,
  Label { text = "About", textColor = "#333333" },
}
