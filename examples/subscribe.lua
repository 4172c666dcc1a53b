-- The subscribe callout at the top of Point-Free's episode list, from the episode
-- "Styling with Overture", styled with the stdlib's port of that episode's style guide.
--
--   stylerun examples/subscribe.lua
--   stylerun examples/subscribe.lua --explain "#subscribe"

local base = require "base"
local grid = base.grid

-- The "or" between the buttons: the subheadline font, as in the episode (no colour of its own).
local orStyle = mut(Label.font, font.preferred "subheadline")

-- The buttons stand in a row as on the episode's page; at a compact width (an iPhone in
-- portrait) the row does not fit, so they stack, one under the other.
rule("#buttons", mut(StackView.alignment, "firstBaseline")
  + when({ horizontalSizeClass = "compact" }, mut(StackView.axis, "vertical") + mut(StackView.alignment, "leading")))

return StackView { id = "root", style = base.baseStackViewStyle,
  -- The episode's light grey card; in dark mode, UIKit's secondarySystemBackground.
  View { id = "card", backgroundColor = color.dynamic { light = white(0.96), dark = color.secondarySystemBackground.dark },
    style = { base.generousMargins, base.autoLayoutStyle },

    -- The episode's root stack view: 24 points (six grid units) of margin all round.
    StackView { id = "content", style = { base.verticalStackView, base.generousMargins },
      isLayoutMarginsRelativeArrangement = true, spacing = grid(6), alignment = "leading",

      -- Any number of lines: at the largest text sizes the title wraps instead of being cut.
      Label { id = "title", text = "Subscribe to Point-Free", font = font.preferred "title3", numberOfLines = 0 },
      Label { id = "body", numberOfLines = 0, font = font.preferred "subheadline",
        text = "👋 Hey there! See anything you like? You may be interested in subscribing "
          .. "so that you get access to these episodes and all future ones." },

      StackView { id = "buttons", spacing = grid(2),
        -- Three ways to give a view a style: `with`, calling the style, or `style =`.
        with(Button { id = "subscribe", title = "See subscription options" },
          base.primaryButtonStyle),
        Label { id = "or", text = "or", style = orStyle },
        base.secondaryTextButtonStyle(Button { id = "login", title = "Login" }),
      },
    },
  },
}
