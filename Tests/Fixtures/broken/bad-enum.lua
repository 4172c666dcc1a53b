-- An enum case that does not exist.
return StackView { id = "root",
  style = mut(StackView.axis, "diagonal"),
}
