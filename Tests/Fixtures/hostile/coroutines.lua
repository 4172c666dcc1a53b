-- expect: Undefined global 'coroutine'
local co = coroutine.wrap(function() while true do coroutine.yield() end end)
return Label {}
