-- print goes to standard error, prefixed with file:line.
local answer = 42
print("answer", answer)
return Label { id = "quiet" }
