-- Drives `stylerun lsp` from Neovim's built-in client (vim.lsp, Neovim 0.7+): diagnostics on
-- open, gone after a quick fix, back for a wrong enum case; completion, hover, definition.
-- Exits 0 when every check passes, 1 at the first that fails.
local stylerun, work = os.getenv("STYLERUN"), os.getenv("WORK")
local failures = 0

local function log(...) io.stderr:write(table.concat({ ... }, " ") .. "\n") end
local function check(ok, what, detail)
  if ok then log("ok   " .. what) else
    failures = failures + 1
    log("FAIL " .. what .. (detail and (": " .. vim.inspect(detail)) or ""))
  end
  return ok
end
local function finish()
  log(failures == 0 and "editor client: all checks passed" or ("editor client: " .. failures .. " failed"))
  os.exit(failures == 0 and 0 or 1)
end

local path = work .. "/app.lua"
local file = assert(io.open(path, "w"))
file:write([[
local primary = mut(Button.titleColor, color.white)
local card = mut(View.layer.cornerRadius, 8)
local faded = mut(View.alpah, 0.5)
rule("Button.primary", primary)
return StackView { id = "root", Button { class = "primary", title = "Go" } }
]])
file:close()

vim.cmd("edit " .. path)
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({ name = "stylerun", cmd = { stylerun, "lsp" }, root_dir = work })
if not check(client_id ~= nil, "the server starts") then finish() end
vim.lsp.buf_attach_client(buf, client_id)
local uri = vim.uri_from_bufnr(buf)

local function diagnostics() return vim.diagnostic.get(buf) end
local function lsp_data(d) return d.user_data and d.user_data.lsp or {} end
local function request(method, params)
  local replies = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
  local reply = replies[client_id] or {}
  return reply.result, reply.err
end
local function at(line, character) return { textDocument = { uri = uri }, position = { line = line, character = character } } end

-- Diagnostics on open, at the misspelt property's line, with the suggestion.
vim.wait(15000, function() return #diagnostics() > 0 end, 20)
local found = diagnostics()
check(#found == 1 and found[1].lnum == 2 and found[1].col == 23, "a diagnostic on open at line 3, column 24", found)
check(found[1] and found[1].message:find("Did you mean 'alpha'%?") ~= nil, "the message suggests 'alpha'", found[1])
check(found[1] and lsp_data(found[1]).code == "unknown-property", "the diagnostic carries its code", found[1])
check(found[1] and vim.deep_equal((lsp_data(found[1]).data or {}).suggestions, { "alpha" }), "the diagnostic carries its suggestion", found[1])

-- A quick fix for the misspelt property, applied through the client.
local actions = request("textDocument/codeAction", {
  textDocument = { uri = uri },
  range = { start = { line = 2, character = 0 }, ["end"] = { line = 2, character = 0 } },
  context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, 2) },
}) or {}
local fix
for _, action in ipairs(actions) do
  if action.title == "Change to 'alpha'" then fix = action end
end
check(fix ~= nil and fix.kind == "quickfix", "a quick fix 'Change to 'alpha''", actions)
if fix then vim.lsp.util.apply_workspace_edit(fix.edit, "utf-16") end
check(vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1] == "local faded = mut(View.alpha, 0.5)", "the fix corrects the line",
  vim.api.nvim_buf_get_lines(buf, 2, 3, false))
check(vim.wait(15000, function() return #diagnostics() == 0 end, 20), "the diagnostic is gone after the fix", diagnostics())

-- A wrong enum case brings one back.
vim.api.nvim_buf_set_lines(buf, 4, 4, false, { 'local column = mut(StackView.axis, "Vertical")' })
vim.wait(15000, function() return #diagnostics() > 0 end, 20)
found = diagnostics()
check(#found == 1 and found[1].lnum == 4 and lsp_data(found[1]).code == "invalid-enum", "a wrong enum case is reported", found)
check(found[1] and vim.deep_equal((lsp_data(found[1]).data or {}).suggestions, { "vertical" }), "with the case it meant", found[1])

-- Completion after `Button.`: Button's properties only.
vim.api.nvim_buf_set_lines(buf, 5, 5, false, { "local x = Button." })
local result = request("textDocument/completion", at(5, 17))
local labels = {}
for _, item in ipairs(result and (result.items or result) or {}) do labels[item.label] = item end
check(labels.titleColor ~= nil and labels.titleLabel ~= nil and labels.alpha ~= nil, "completion after 'Button.' offers its properties", vim.tbl_keys(labels))
check(labels.axis == nil and labels.text == nil and labels.mut == nil, "and nothing else", vim.tbl_keys(labels))
check(labels.titleColor and labels.titleColor.detail == "Color? · default nil", "an item has its type and default", labels.titleColor)

-- Completion inside an enum string.
vim.api.nvim_buf_set_lines(buf, 5, 6, false, { 'local y = mut(StackView.axis, "ver' })
result = request("textDocument/completion", at(5, 34))
labels = {}
for _, item in ipairs(result and (result.items or result) or {}) do table.insert(labels, item.label) end
table.sort(labels)
check(vim.deep_equal(labels, { "horizontal", "vertical" }), "completion inside an enum string offers its cases", labels)
vim.api.nvim_buf_set_lines(buf, 5, 6, false, {})

-- Completion of a trait's values inside a when condition, the default first.
vim.api.nvim_buf_set_lines(buf, 5, 5, false, { 'local dark = when({ colorScheme = "' })
result = request("textDocument/completion", at(5, 35))
labels = {}
for _, item in ipairs(result and (result.items or result) or {}) do table.insert(labels, item.label) end
check(vim.deep_equal(labels, { "light", "dark" }), "completion inside a when condition offers the trait's values", labels)
vim.api.nvim_buf_set_lines(buf, 5, 6, false, {})

-- Hover names a property's type.
local hover = request("textDocument/hover", at(1, 32))
local text = hover and hover.contents and hover.contents.value or ""
check(text:find("cornerRadius", 1, true) and text:find("`Number`", 1, true), "hover names the property's type", hover)

-- Definition of a local style.
local definition = request("textDocument/definition", at(3, 25))
if definition and definition[1] then definition = definition[1] end
check(definition and definition.uri == uri and definition.range.start.line == 0 and definition.range.start.character == 6,
  "definition of a local style", definition)

vim.lsp.stop_client(client_id)
finish()
