-- expect: Undefined global 'io'
local f = io.open("hostile-marker.txt", "w")
f:write("pwned")
return Label {}
