-- A misspelled kind in a selector, and one the file declares.
rule("StackView > Buton.primary", mut(View.alpha, 0.5))
kind("GradientView", View, { fromColor = "Color?" })
rule("GradientView", mut(GradientView.fromColor, "#FFFFFF"))
