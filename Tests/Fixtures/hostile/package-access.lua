-- expect: Undefined global 'package'
local open = package.loadlib("libc.so.6", "system")
open("touch hostile-marker.txt")
