-- expect: read-only
string.format = function() return "pwned" end
return Label {}
