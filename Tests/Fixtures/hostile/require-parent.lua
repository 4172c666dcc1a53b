-- expect: is not a module name
local secrets = require "../../../etc/passwd"
return Label {}
