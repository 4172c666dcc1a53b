-- An episode cell from Point-Free's episode list ("Styling with Overture"): a 16:9 poster
-- above a stack of small caps, title, blurb and buttons.
--
--   stylerun examples/episode-cell.lua

local base = require "base"
local grid = base.grid

-- The cell is an ordinary function of its data, like the seed's `configure(with:)`.
local function episodeCell(episode)
  return StackView { id = "cell", style = { base.autoLayoutStyle, base.verticalStackView },
    ImageView { id = "poster", image = episode.poster, style = base.aspectRatioStyle(16, 9) },

    StackView { id = "content", alignment = "leading",
      style = {
        base.baseStackViewStyle,
        -- More room under the buttons: change one side of the margins the line above set.
        mver(View.layoutMargins, function(m) m.bottom = grid(8) end),
      },

      Label { id = "sequenceAndDate", font = font.preferred("caption1"):smallCaps(),
        text = "#" .. episode.sequence .. " • " .. episode.date },
      Label { id = "title", text = episode.title, font = font.preferred "title2" },
      Label { id = "blurb", text = episode.blurb, numberOfLines = 0,
        font = font.preferred "subheadline" },

      StackView { id = "actions", spacing = grid(2), alignment = "firstBaseline",
        Button { id = "watch", title = "Watch episode →", style = base.primaryTextButtonStyle },
        -- The episode is for members: logging in is the secondary action.
        Button { id = "login", title = "Login", style = base.secondaryTextButtonStyle,
          isHidden = not episode.membersOnly },
      },
    },
  }
end

return episodeCell {
  sequence = 17,
  date = "May 28, 2018",
  title = "Styling with Overture",
  blurb = "We revisit an old topic: styling UIKit components. Using some of the machinery "
    .. "we have built from previous episodes, in particular setters and function "
    .. "composition, we refactor a screen’s styles to be more modular and composable.",
  poster = "ep17-poster",
  membersOnly = true,
}
