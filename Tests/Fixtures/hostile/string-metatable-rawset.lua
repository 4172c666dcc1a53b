-- expect: read-only
rawset(getmetatable(""), "__index", {})
rawset(string, "upper", function() return "pwned" end)
return Label { text = ("x"):upper() }
