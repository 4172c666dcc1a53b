-- expect: Undefined global 'debug'
debug.sethook()
return Label {}
