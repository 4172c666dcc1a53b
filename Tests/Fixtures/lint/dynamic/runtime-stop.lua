-- A Lua error stops the run; what came before it is still reported.
local s = mut(View.alpah, 1)
local settings = nil
local size = settings.size
local t = mut(View.alpah, size)
