-- The Styling Kit's SimpleView (seed 002), ported with states, traits and classes. The
-- discussion wrote three appearances (`full`, `fullWithImage`, `compact`) as Swift structs, a
-- `bright` and a `dark` theme as a global to switch, and a layout per appearance; here
--   * an appearance is a class (BEM modifiers on the block `simple-view`),
--   * the theme follows the system's colour scheme (`color.dynamic`), not a global,
--   * `simple-view--adaptive` is compact at a compact width and full at a regular one (`when`),
--   * the fonts follow Dynamic Type (`f:scaled`), and the action button has pressed and
--     disabled looks (`when("highlighted", …)`, `Button:disabled`).
--
--   stylerun examples/simple-view.lua
--   stylerun examples/simple-view.lua --trait colorScheme=dark --trait horizontalSizeClass=regular
--   stylerun examples/simple-view.lua --state '#compact-action=highlighted' --explain "#compact-action"

local base = require "base"

-- Theme (SportCast-like): bright by day, dark at night, as UIKit's asset-catalog colours.
local theme = {
  accent = color.dynamic { light = color.red, dark = color.blue },
  text = color.dynamic { light = color.black, dark = color.white },
  background = color.dynamic { light = color.white, dark = color.black },
  onAccent = color.white,
}

-- CommonStyle.actionButton, with the looks UIKit gives a control's states.
local actionButton = concat(
  mut(View.backgroundColor, theme.accent),
  mut(Button.titleColor, theme.onAccent),
  mut(Button.titleLabel.font, font.system(17, "bold"):scaled("headline")),
  mut(Button.contentEdgeInsets, insets(8, 16)),
  mut(View.layer.cornerRadius, 8),
  mut(View.layer.shadowColor, theme.accent),
  mut(View.layer.shadowOpacity, 0.5),
  mut(View.layer.shadowRadius, 4),
  mut(View.layer.shadowOffset, size(0, 2)),
  mut(View.height, 44),
  when("highlighted", mut(View.alpha, 0.7))           -- while it is pressed
)

-- SimpleView.Appearance: its choices, and the styles made of them.
local full = { textAlignment = "center", titleSize = 24, textSize = 14 }
local compact = { textAlignment = "left", titleSize = 16, textSize = 10 }

local function titleStyle(appearance)
  return mut(Label.textAlignment, appearance.textAlignment)
    + mut(Label.textColor, theme.text)
    + mut(Label.font, font.system(appearance.titleSize):scaled("title2"))
end

local function textStyle(appearance)
  return mut(Label.textAlignment, appearance.textAlignment)
    + mut(Label.textColor, theme.text)
    + mut(Label.numberOfLines, 0)
    + mut(Label.font, font.system(appearance.textSize):scaled("footnote"))
end

-- The layouts: full stacks everything, 20 points apart; compact puts the button at the
-- trailing edge, beside the text (the seed's offsets of 10 are 8 here, on the 4-point grid).
local fullBody = mut(StackView.axis, "vertical") + mut(StackView.alignment, "fill")
local compactBody = mut(StackView.axis, "horizontal") + mut(StackView.alignment, "center")
  + mut(StackView.distribution, "equalSpacing") + mut(StackView.spacing, base.grid(2))

rule(".simple-view", mut(View.backgroundColor, theme.background)
  + mut(View.layoutMargins, insets(base.grid(4))))
rule(".simple-view__body", fullBody + mut(StackView.spacing, 20))
rule(".simple-view__labels", mut(StackView.axis, "vertical") + mut(StackView.spacing, base.grid(2)))
rule(".simple-view__title", titleStyle(full))
rule(".simple-view__text", textStyle(full))
rule(".simple-view__image", mut(View.isHidden, true))
rule(".simple-view__action", actionButton)
rule(".simple-view__action:disabled", mut(View.backgroundColor, color.systemGray)
  + mut(View.layer.shadowOpacity, 0))

-- fullWithImage: the image shown, 100 points square, on a light grey placeholder.
rule(".simple-view--with-image .simple-view__image", mut(View.isHidden, false)
  + mut(View.backgroundColor, color.lightGray) + mut(View.width, 100) + mut(View.height, 100))

-- compact, always; adaptive, at a compact width only (an iPhone in portrait).
rule(".simple-view--compact .simple-view__body", compactBody)
rule(".simple-view--compact .simple-view__title", titleStyle(compact))
rule(".simple-view--compact .simple-view__text", textStyle(compact))
local atCompactWidth = { horizontalSizeClass = "compact" }
rule(".simple-view--adaptive .simple-view__body", when(atCompactWidth, compactBody))
rule(".simple-view--adaptive .simple-view__title", when(atCompactWidth, titleStyle(compact)))
rule(".simple-view--adaptive .simple-view__text", when(atCompactWidth, textStyle(compact)))

local function simpleView(id, modifier, actionEnabled)
  return View { id = id, class = { "simple-view", modifier },
    StackView { class = "simple-view__body",
      StackView { class = "simple-view__labels",
        Label { class = "simple-view__title", text = "Title" },
        Label { class = "simple-view__text", text = "description" },
      },
      ImageView { class = "simple-view__image" },
      Button { id = id .. "-action", class = "simple-view__action", title = "action",
               isEnabled = actionEnabled ~= false },
    },
  }
end

return StackView { id = "root", style = base.baseStackViewStyle,
  simpleView("full"),
  simpleView("with-image", "simple-view--with-image"),
  simpleView("compact", "simple-view--compact"),
  simpleView("adaptive", "simple-view--adaptive", false),
}
