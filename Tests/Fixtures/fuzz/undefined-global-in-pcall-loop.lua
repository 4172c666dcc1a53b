-- Found by scripts/fuzz evaluator: a loop of undefined-global errors caught by pcall spent its time
-- in the host's did-you-mean, which the count hook does not see, and ran past the time limit.
local kept = {}
while true do
  pcall(function() local s = "x" while QQQQQQQQQQQQQQQQQQQQQQstringQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQtrue do s = s .. s; kept[#k~ept + 1] = s end end)
end
