-- Style functions the file never applies: probed against their kinds.
local pill = style(Button, function(b)
  b.titleColr = "#FFFFFF"
  b.layer.cornerRadius = -4
end)
local unused = concat(mut(Label.numberOfLines, 0), function(l)
  l.textAlignment = "middle"
end)
local grow = mver(View.layoutMargins, function(m)
  m.botom = 12
end)
local fine = style(StackView, function(s) s.spacing = 8 end)
return { pill = pill, unused = unused, grow = grow, fine = fine }
