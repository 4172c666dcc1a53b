-- A clean script that returns nothing: only rules.
rule(".note", mut(Label.textAlignment, "center"))
appearance(StackView, mut(StackView.spacing, 8))
