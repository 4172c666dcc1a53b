-- expect: limit of
xpcall(error, function() while true do end end)
return Label {}
