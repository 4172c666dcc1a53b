-- The sign-in screen of "UIKit styling with functions" (Point-Free #3): small styles that
-- each do one thing, composed with `..` where the seed composes with `<>`.
--
--   stylerun examples/sign-in.lua

local base = require "base"

-- Base ---------------------------------------------------------------------------------

-- A plain function is a style of kind View, so it works on buttons and text fields alike.
local function roundedRectStyle(view)
  view.clipsToBounds = true
  view.layer.cornerRadius = 6
end

-- Buttons ------------------------------------------------------------------------------

-- `style(Button, fn)` gives a function its kind: `b` is checked as a Button.
local baseButtonStyle = style(Button, function(b)
  b.contentEdgeInsets = insets(12, 16, 12, 16)
  b.titleLabel.font = font.system(16, "medium")
end)

-- Like `UIButton.appearance()` in the seed: every button starts from these insets and font,
-- so the styles below only add what makes each button different.
appearance(Button, baseButtonStyle)

local roundedButtonStyle = style(Button, roundedRectStyle)

-- Black and white as in the episode, inverted in dark mode: UIKit's `label` colour (black,
-- or white in dark) and `systemBackground` (white, or black in dark).
local filledButtonStyle = roundedButtonStyle .. style(Button, function(b)
  b.backgroundColor = color.label
  b.tintColor = color.systemBackground
  -- UIKit draws a system button's title in its tint colour; here the title colour is explicit.
  b.titleColor = color.systemBackground
end)

local borderButtonStyle = roundedButtonStyle
  .. base.borderStyle(color.label, 2)
  .. mut(Button.titleColor, color.label)

local textButtonStyle = mut(Button.titleColor, color.label)

-- A parametrised style is a function that returns a style.
local function imageButtonStyle(icon)
  return style(Button, function(b)
    b.imageEdgeInsets = insets(0, 0, 0, 16)
    b.image = icon
  end)
end

local gitHubButtonStyle = filledButtonStyle .. imageButtonStyle "github"

-- Text fields --------------------------------------------------------------------------

-- In the seed, Swift rejected `borderStyle` here ("Value of type 'UIView' has no member
-- 'borderStyle'") until the closure's type was spelled out. `style(TextField, …)` says it.
local baseTextFieldStyle = style(TextField,
  roundedRectStyle,
  base.borderStyle(white(0.75), 1),
  function(field)
    field.borderStyle = "roundedRect"
    field.height = 44
  end
)

local emailTextFieldStyle = baseTextFieldStyle .. function(field)
  field.keyboardType = "emailAddress"
  field.placeholder = "blob@pointfree.co"
end

local passwordTextFieldStyle = baseTextFieldStyle .. function(field)
  field.isSecureTextEntry = true
  field.placeholder = "••••••••••••••••"
end

-- Labels -------------------------------------------------------------------------------

local orLabelStyle = base.centerStyle
  .. base.fontStyle(14, "medium")
  .. base.textColorStyle(white(0.625))

-- The seed sets 14 medium and then 11 light; only the last font counts, so only it is kept.
local finePrintStyle = base.centerStyle
  .. base.fontStyle(11, "light")
  .. base.textColorStyle(white(0.5))
  .. mut(Label.numberOfLines, 0)

-- Hyper-local --------------------------------------------------------------------------

-- The seed's GradientView, declared for prototyping; a Swift host registers the real one
-- with the same properties, and the script keeps working.
local GradientView = kind("GradientView", View, { fromColor = "Color?", toColor = "Color?" })

local gradientStyle = base.autoLayoutStyle .. style(GradientView, function(gradient)
  gradient.fromColor = rgb(0.5 * 255, 0.85 * 255, 255, 0.85)
  gradient.toColor = color.white
end)

local rootStackViewStyle = base.autoLayoutStyle .. style(StackView, function(stack)
  stack.axis = "vertical"
  stack.isLayoutMarginsRelativeArrangement = true
  stack.layoutMargins = insets(32, 16)
  stack.spacing = 16
end)

-- The screen ---------------------------------------------------------------------------

-- White, or black in dark mode: UIKit's systemBackground.
return View { id = "screen", backgroundColor = color.systemBackground,
  GradientView { id = "gradient", style = gradientStyle },

  StackView { id = "root", style = rootStackViewStyle,
    -- The seed reads the logo's aspect ratio off its frame; a headless tree has no frames,
    -- so the image view keeps the image's own ratio instead.
    ImageView { id = "logo", image = "logo", contentMode = "scaleAspectFit" },
    Label { id = "title", text = "Sign in to Point-Free", font = font.preferred "title2",
      style = base.centerStyle },
    Button { id = "gitHub", title = "Sign in with GitHub", style = gitHubButtonStyle },
    -- The seed's exact white(0.625), 2.63:1 on white.
    Label { id = "or", text = "or", style = orLabelStyle }, -- stylerun: ignore low-contrast
    -- UIKit's own placeholderText, which the seed does not change.
    TextField { id = "email", style = emailTextFieldStyle }, -- stylerun: ignore low-contrast
    TextField { id = "password", style = passwordTextFieldStyle }, -- stylerun: ignore low-contrast
    Button { id = "signIn", title = "Sign in", style = borderButtonStyle },
    Button { id = "forgotPassword", title = "I forgot my password", style = textButtonStyle },
    -- The seed's exact fine print, white(0.5): 3.97:1 on white.
    Label { id = "legal", style = finePrintStyle, -- stylerun: ignore low-contrast
      text = "By signing into Point-Free you agree to our latest terms of use "
        .. "and privacy policy." },
  },
}
