-- Enum cases that do not exist.
local function never()
  return concat(mut(StackView.axis, "diagonal"), StackView { alignment = "centre" })
end
