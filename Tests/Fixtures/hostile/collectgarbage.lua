-- expect: Undefined global 'collectgarbage'
collectgarbage("stop")
return Label {}
