local function neverCalled()
  return font.system(12):bold(), color.red:withAlfa(0.5), font.system(12):bolded()
end
return Label {}
