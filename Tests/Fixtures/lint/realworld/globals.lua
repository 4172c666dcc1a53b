-- Old-style code that sets globals and uses Lua 5.1 functions.
config = { verbose = true, retries = 3 }

function log(fmt, ...)
  if config.verbose then print(string.format(fmt, ...)) end
end

local data = loadstring("return 1 + 1")()
log("result %d", data)
log("unpacked %d", unpack({ 1, 2 }))
