-- Screens for stylerun lint's accessibility checks: one pale text, one suppressed, one that
-- passes AA but not AAA, and a theme whose card is too pale only in one theme.
local t = themes {
  default = "day",
  day = { card = color.white, note = "#999999" },
  night = { card = color.black, note = "#999999" },
}
rule(".note", mut(Label.textColor, t.note))
return View { id = "root",
  Label { id = "pale", text = "Pale", textColor = "#EEEEEE" },
  Label { id = "quiet", text = "Quiet", textColor = "#EEEEEE" },  -- stylerun: ignore low-contrast
  Label { id = "gray", text = "Gray", textColor = "#767676" },
  View { id = "card", backgroundColor = t.card,
    Label { id = "note", class = "note", text = "Note" },
  },
}
