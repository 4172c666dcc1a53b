-- The subscribe callout at the top of Point-Free's episode list, from the episode
-- "Styling with Overture", styled with the stdlib's port of that episode's style guide.
--
--   stylerun examples/subscribe.lua
--   stylerun examples/subscribe.lua --explain "#subscribe"

local base = require "base"
local grid = base.grid

-- Generous margins all round, then two more grid units at the bottom. `concat` applies
-- its parts in order, so the second part changes only what it names.
local contentStyle = concat(base.generousMargins, mut(View.layoutMargins.bottom, grid(8)))

-- `mver` transforms a value instead of replacing it: whatever colour the label has by
-- then, at 60 % strength.
local orStyle = concat(
  mut(Label.font, font.preferred "subheadline"),
  mver(Label.textColor, function(c) return c:withAlpha(0.6) end)
)

return StackView { id = "root", style = base.baseStackViewStyle,
  View { id = "card", backgroundColor = white(0.96),
    style = { base.generousMargins, base.autoLayoutStyle },

    StackView { id = "content", style = { base.verticalStackView, contentStyle },
      isLayoutMarginsRelativeArrangement = true, spacing = grid(6), alignment = "leading",

      Label { id = "title", text = "Subscribe to Point-Free", font = font.preferred "title3" },
      Label { id = "body", numberOfLines = 0, font = font.preferred "subheadline",
        text = "👋 Hey there! See anything you like? You may be interested in subscribing "
          .. "so that you get access to these episodes and all future ones." },

      StackView { id = "buttons", spacing = grid(2), alignment = "firstBaseline",
        -- Three ways to give a view a style: `with`, calling the style, or `style =`.
        with(Button { id = "subscribe", title = "See subscription options" },
          base.primaryButtonStyle),
        Label { id = "or", text = "or", style = orStyle },
        base.secondaryTextButtonStyle(Button { id = "login", title = "Login" }),
      },
    },
  },
}
