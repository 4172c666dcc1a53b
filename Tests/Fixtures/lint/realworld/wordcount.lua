-- Counts words read from standard input, a classic command-line filter.
local counts = {}
local order = {}
while true do
  local line = io.read("l")
  if not line then break end
  for word in line:gmatch("%a+") do
    word = word:lower()
    if not counts[word] then order[#order + 1] = word end
    counts[word] = (counts[word] or 0) + 1
  end
end
table.sort(order, function(a, b) return counts[a] > counts[b] end)
for i = 1, math.min(10, #order) do
  print(order[i], counts[order[i]])
end
os.exit(0)
