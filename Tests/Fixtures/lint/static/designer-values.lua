local function neverCalled()
  local f = font.named("Lato", 20, "bold")
  local c = rgb(255, 0)
  local w = font.system(17, "Bold")
  return Button { contentEdgeInsets = {8, 16}, titleLabel = { font = "title3" } }
end
return Label { font = "Lato-Bold", numberOfLines = select("#", 1, 2) }
