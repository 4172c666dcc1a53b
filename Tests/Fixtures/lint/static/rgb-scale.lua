local sky = rgb(0.5, 0.85, 1, 0.85)
local fine = rgb(128, 217, 255)
local whole = rgb(0, 1, 1)
return Label { textColor = rgb(0.2, 0.2, 0.2) }
