-- expect: Invalid conversion
return Label { text = string.format("%99999d", 1) }
