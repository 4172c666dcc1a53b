-- The cascade: defaults per kind with `appearance` (as UIAppearance), CSS-like `rule`s, and
-- a kind declared by the script with `kind`.
--
--   stylerun examples/cascade.lua
--   stylerun examples/cascade.lua --explain "#cta"    # what won, and what it overrode

local base = require "base"
local grid = base.grid

-- A kind for prototyping, as a host would register it from Swift. It becomes a global, and
-- indexing it gives key paths like any other kind: GradientView.toColor.
local GradientView = kind("GradientView", View, { fromColor = "Color?", toColor = "Color?" })

-- Appearance, the lowest layer: every button is a text button unless a rule says otherwise.
-- Unlike UIAppearance it reaches through `titleLabel`, which seed 001 found it could not.
appearance(Button, base.secondaryTextButtonStyle)
appearance(GradientView, concat(base.autoLayoutStyle, mut(GradientView.toColor, color.white)))

-- Rules rank as in CSS: ids, then classes, then kinds; at equal rank the later one wins.
-- A card is a BEM block: `card`, its elements `card__title`…, its modifiers `card--featured`.
rule(".card", concat(
  base.verticalStackView,
  base.generousMargins,
  mut(StackView.spacing, grid(3)),
  mut(StackView.isLayoutMarginsRelativeArrangement, true),
  base.baseRoundedStyle,
  -- Light grey as in the episode; UIKit's secondarySystemBackground in dark mode.
  mut(View.backgroundColor, color.dynamic { light = white(0.96), dark = color.secondarySystemBackground.dark })
))
rule(".card--featured", base.borderStyle(base.purple, 2))

rule(".card > Label.title", mut(Label.font, font.preferred "title3"))
-- Same rank as the rule above (two classes and a kind) and later, so it transforms the
-- title3 font that rule set. A bare `.card__title--large` would rank lower and run first.
rule(".card > Label.card__title--large", mver(Label.font, function(f) return f:withSize(28) end))

-- A list of selectors shares one style.
rule(".card__body, .footnote", concat(mut(Label.font, font.preferred "subheadline"),
  mut(Label.numberOfLines, 0)))

-- No kind in the selector: the style is a Label style, so only labels with the class change.
-- white(0.46), #757575: the lightest grey that reads on white (4.6:1, WCAG AA).
rule(".muted", base.textColorStyle(white(0.46)))

-- An id outranks everything above, including the appearance of every Button.
rule("#cta", base.primaryButtonStyle)

return StackView { id = "root", style = base.baseStackViewStyle,
  GradientView { id = "hero", fromColor = rgb(128, 217, 255, 0.85), height = grid(40) },

  StackView { id = "monthly", class = "card",
    Label { class = "title card__title", text = "Monthly" },
    Label { class = "card__body", text = "Every episode, billed each month." },
    Button { id = "chooseMonthly", title = "Choose monthly" },
  },

  StackView { id = "yearly", class = "card card--featured",
    Label { class = "title card__title card__title--large", text = "Yearly" },
    Label { class = "card__body", text = "Every episode, and two months free." },
    Button { id = "cta", title = "Choose yearly" },
  },

  Label { id = "terms", class = "footnote muted", text = "Cancel at any time." },
}
