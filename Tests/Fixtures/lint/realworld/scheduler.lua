-- Cooperative tasks with coroutines and a module loaded with require.
local socket = require("socket")
local tasks = {}

local function spawn(fn, ...)
  local co = coroutine.create(fn)
  tasks[#tasks + 1] = { co = co, args = table.pack(...) }
end

spawn(function(name)
  for i = 1, 3 do
    print(name, i)
    coroutine.yield()
  end
end, "worker")

while #tasks > 0 do
  for i = #tasks, 1, -1 do
    local task = tasks[i]
    local ok = coroutine.resume(task.co, table.unpack(task.args, 1, task.args.n))
    if not ok or coroutine.status(task.co) == "dead" then table.remove(tasks, i) end
  end
  socket.sleep(0.01)
end
