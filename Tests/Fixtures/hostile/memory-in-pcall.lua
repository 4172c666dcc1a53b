-- expect: memory limit
local kept = {}
while true do
  pcall(function() local s = "x" while true do s = s .. s; kept[#kept + 1] = s end end)
end
