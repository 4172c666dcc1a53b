-- expect: dump
local bytecode = string.dump(function() return 1 end)
return Label { text = bytecode }
