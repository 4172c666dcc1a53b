-- A class with metatables, and a report written with io and os.
local Item = {}
Item.__index = Item

function Item.new(name, price, count)
  return setmetatable({ name = name, price = price, count = count or 0 }, Item)
end

function Item:total()
  return self.price * self.count
end

local stock = {
  Item.new("pencil", 0.5, 120),
  Item.new("notebook", 3.25, 40),
  Item.new("eraser", 0.75),
}

local sum = 0
for _, item in ipairs(stock) do
  sum = sum + item:total()
end

local out = io.open("report.txt", "w")
out:write(string.format("%d items, total %.2f\n", #stock, sum))
out:close()
print(os.date("%Y-%m-%d"), sum)
