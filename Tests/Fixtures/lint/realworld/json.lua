-- A small JSON encoder, as found in many projects.
local json = {}

local escapes = { ['"'] = '\\"', ['\\'] = '\\\\', ['\b'] = '\\b', ['\f'] = '\\f',
                  ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }

local function escape(s)
  return s:gsub('[%c"\\]', function(c)
    return escapes[c] or string.format("\\u%04x", c:byte())
  end)
end

local function isArray(t)
  local n = 0
  for k in pairs(t) do
    if type(k) ~= "number" or k <= 0 or math.floor(k) ~= k then return false end
    n = math.max(n, k)
  end
  return n == #t
end

function json.encode(value)
  local kind = type(value)
  if kind == "nil" then return "null"
  elseif kind == "boolean" then return tostring(value)
  elseif kind == "number" then return string.format("%.14g", value)
  elseif kind == "string" then return '"' .. escape(value) .. '"'
  elseif kind == "table" then
    local parts = {}
    if isArray(value) then
      for _, v in ipairs(value) do parts[#parts + 1] = json.encode(v) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    for k, v in pairs(value) do
      parts[#parts + 1] = json.encode(tostring(k)) .. ":" .. json.encode(v)
    end
    table.sort(parts)
    return "{" .. table.concat(parts, ",") .. "}"
  end
  error("cannot encode a " .. kind)
end

assert(json.encode({ 1, 2, 3 }) == "[1,2,3]")
return json
