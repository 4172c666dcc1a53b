-- expect: instruction limit
table.move({}, 1, math.maxinteger - 1, 2)
return Label {}
