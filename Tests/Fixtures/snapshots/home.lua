-- A themed screen: one snapshot per theme.
local tokens = require "tokens"
local styles = require "styles"

rule("#root", mut(View.backgroundColor, tokens.surface))
rule("Button.primary", styles.primaryButton)

return StackView { id = "root", axis = "vertical", spacing = 12,
  Label { id = "title", text = "Subscribe", style = styles.title },
  Button { id = "subscribe", class = "primary", title = "See subscription options" },
}
