-- The "Styling Kit" discussion (seed 002), written the way its authors wrote it: a style is a
-- value, `a + b` composes two styles (`a .. b` and `concat(a, b)` are the same), and each
-- screen has an Appearance that picks fonts, colours and alignment. Classes follow BEM, as the
-- discussion wished: block `simple-view`, element `simple-view__title`, modifier
-- `simple-view--compact`. `--explain` answers its worry about overridden properties:
--
--   stylerun examples/styling-kit.lua
--   stylerun examples/styling-kit.lua --theme dark --explain "#signUp"

local base = require "base"

-- Theme (SportCast-like): UIKit's named colours, as the discussion's `Theme` uses them.
local theme = themes {
  default = "bright",
  bright = { accent = color.red, text = color.black, background = color.white, onAccent = color.white },
  dark = { accent = color.blue, text = color.white, background = color.black, onAccent = color.white },
}

-- CommonStyle -------------------------------------------------------------------------

-- The outline the discussion draws around every part while a layout is in progress.
local function debugView(borderColor, backgroundColor)
  local outline = base.debugStyle(borderColor)
  if backgroundColor then return outline + mut(View.backgroundColor, backgroundColor) end
  return outline
end

local actionButton = style(Button, function(b)
  b.backgroundColor = theme.accent
  b.tintColor = theme.onAccent
  -- The Styling Kit's bright theme: white on UIKit's .red (3.99:1), the seed's exact brand colours.
  -- stylerun: ignore low-contrast
  b.titleColor = theme.onAccent
  b.layer.cornerRadius = 8
  b.layer.shadowOpacity = 0.5
  b.layer.shadowRadius = 4
  b.layer.shadowOffset = size(0, 2)
end)

-- Label styles, "Create and apply style cascade": a default, then a header built on it.
local defaultLabelStyle = mut(Label.font, font.system(12))
local headerLabelStyle = defaultLabelStyle + mver(Label.font, function(f) return f:withSize(24) end)

-- SimpleView.Appearance ---------------------------------------------------------------

-- An appearance is a table of choices; its styles are functions of it, as the discussion's
-- computed properties are.
local full = { textAlignment = "center", titleSize = 24, textSize = 14 }
local compact = { textAlignment = "left", titleSize = 16, textSize = 10 }

local function labelStyle(appearance)
  return mut(Label.textAlignment, appearance.textAlignment)
    + mut(Label.textColor, theme.text)
    + debugView(theme.text)
end

local function titleLabelStyle(appearance)
  return labelStyle(appearance) + mut(Label.font, font.system(appearance.titleSize))
end

local function textLabelStyle(appearance)
  return labelStyle(appearance) + mut(Label.font, font.system(appearance.textSize))
end

local viewStyle = mut(View.backgroundColor, theme.background) + debugView(theme.text)
local imageViewStyle = debugView(theme.text, color.lightGray)
local actionButtonStyle = actionButton + debugView(theme.text)

rule(".simple-view", viewStyle)
rule(".simple-view__title", titleLabelStyle(full))
rule(".simple-view__text", textLabelStyle(full))
rule(".simple-view__image", imageViewStyle + mut(View.width, 100) + mut(View.height, 100))
rule(".simple-view__action", actionButtonStyle)
-- The compact modifier outranks the single classes above (two classes against one).
rule(".simple-view--compact .simple-view__title", titleLabelStyle(compact))
rule(".simple-view--compact .simple-view__text", textLabelStyle(compact))
rule(".simple-view--compact .simple-view__image", mut(View.isHidden, true))

-- AuthView: "Каскад (+) — надо попробовать" -------------------------------------------

-- Each replaces the action button's background: `stylerun lint` warns of such overrides
-- (`duplicate-set`) unless, as here, they are meant.
-- stylerun: ignore duplicate-set
local signInButtonStyle = actionButton + mut(View.backgroundColor, color.purple)
-- stylerun: ignore duplicate-set
local signUpButtonStyle = actionButton + mut(View.backgroundColor, color.darkGray)

-- The tree ------------------------------------------------------------------------------

local function simpleView(id, modifier)
  return View { id = id, class = { "simple-view", modifier },
    Label { class = "simple-view__title", text = "Title" },
    Label { class = "simple-view__text", text = "description" },
    ImageView { class = "simple-view__image" },
    Button { class = "simple-view__action", title = "action" },
  }
end

return StackView { id = "root", style = base.baseStackViewStyle,
  Label { id = "header", class = "kit__header", style = headerLabelStyle, text = "Styling Kit" },
  simpleView("full"),
  simpleView("compact", "simple-view--compact"),
  StackView { id = "auth", class = "auth", spacing = base.grid(3), distribution = "fillEqually",
    Button { id = "signIn", class = "auth__button auth__button--sign-in", title = "Sign in", style = signInButtonStyle },
    Button { id = "signUp", class = "auth__button auth__button--sign-up", title = "Sign up", style = signUpButtonStyle },
  },
}
