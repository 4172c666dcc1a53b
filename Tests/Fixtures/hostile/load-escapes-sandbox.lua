-- expect: Undefined global 'os'
local f = load("os.execute('touch hostile-marker.txt')", "x", "t", _G)
f()
