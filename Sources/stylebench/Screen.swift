import StyleRun

/// The workload as one script that builds its own screen: the generated stylesheet, then the
/// tree written out as constructors (`StackView { id = …, class = …, Label { … }, … }`), one view
/// per line, returned as the root. Beside it, a prelude of stand-in constructors and style
/// functions in plain Lua (tables in, tables out), so that `lua5.4` can run the very same script:
/// the floor of what evaluating a screen can cost.
/// A line a reload's edit adds on its own (`Workload.screenSource(adds:)`).
enum AddedLine {
    /// A rule that matches views (`.k0 .k0`).
    case rule
    /// A comment: every rule, style and view stays the same, only lower.
    case comment
}

extension Workload {
    /// The whole screen as a stylerun script; `edit` changes one rule's value (0 or 1), for the
    /// one-rule-edit reload; `editsView`, the text of the first view that has a text, for a
    /// reload whose script builds its tree otherwise.
    /// `adds`: a line added before the edited rule (a rule, or a comment), moving every line
    /// below it down.
    func screenSource(edit: Int = 0, editsView: Bool = false, adds: AddedLine? = nil) -> String {
        var out = luaSource
        if let adds {
            // A line added: every line below it moves down.
            let rule = "rule(\".\(editedClass)\", style(View, mut(View.backgroundColor, color \""
            if let first = out.range(of: rule) {
                let line = switch adds {
                case .rule: "rule(\".\(editedClass) .\(editedClass)\", style(View, mut(View.alpha, 0.9)))\n"
                case .comment: "-- A note on the rule below.\n"
                }
                out.replaceSubrange(first, with: line + rule)
            }
        }
        if edit != 0 {
            // One rule's value: the first block's background.
            let rule = "rule(\".\(editedClass)\", style(View, mut(View.backgroundColor, color \""
            out = out.replacingOccurrences(of: rule + "#6E40C9", with: rule + "#123456")
        }
        out += "\n-- The screen.\n"
        out += "local titleStyle = style(Label, mut(Label.adjustsFontSizeToFitWidth, true), mut(View.layer.borderWidth, 1))\n"
        out += "local actionStyle = mut(Button.imageEdgeInsets, insets(4))\n\n"
        var extras: [ObjectIdentifier: Extras] = [:]
        var viewToEdit = editsView
        let root = buildTree { kind, id, classes, extra, parent in
            let view = View(kind: kind, id: id, classes: classes)
            extras[ObjectIdentifier(view)] = extra
            parent?.addChild(view)
            return view
        }
        func write(_ view: View, indent: String) {
            let extra = extras[ObjectIdentifier(view)]!
            var fields: [String] = []
            if let id = view.id { fields.append("id = \"\(id)\"") }
            if !view.classes.isEmpty { fields.append("class = \"\(view.classes.joined(separator: " "))\"") }
            if !extra.styleOps.isEmpty { fields.append("style = \(view.kind === Schema.label ? "titleStyle" : "actionStyle")") }
            for (_, path, value) in extra.literals {
                var value = value
                if viewToEdit, case .string(let text) = value {
                    value = .string(text + " (edited)")
                    viewToEdit = false
                }
                fields.append("\(path) = \(Self.luaLiteral(value))")
            }
            out += indent + view.kind.name + " { " + fields.joined(separator: ", ")
            if view.children.isEmpty {
                out += " },\n"
                return
            }
            out += ",\n"
            for child in view.children { write(child, indent: indent + "  ") }
            out += indent + "},\n"
        }
        out += "return "
        write(root, indent: "")
        out.removeLast(2)  // the last ",\n"
        out += "\n"
        return out
    }

    private static func luaLiteral(_ value: Value) -> String {
        switch value {
        case .string(let s): "\"\(s)\""
        case .image(.named(let name)): "image \"\(name)\""
        default: preconditionFailure("The generated tree has string and image literals only")
        }
    }

    /// Stand-ins for stylerun's globals in plain Lua, run before the screen's script by
    /// `lua5.4 standins.lua screen.lua`: constructors make tables and link children to parents,
    /// key paths are tables made on access, styles are tables of operations, rules and
    /// appearances are appended to lists.
    static let standInPrelude = """
    -- Stand-in constructors and style functions: what plain Lua does to build the same tables.
    local rules, appearances = {}, {}
    local Path = {}
    Path.__index = function(p, name) return setmetatable({ kind = p.kind, path = p.path .. "." .. name }, Path) end
    local Kind = {}
    Kind.__index = function(k, name) return setmetatable({ kind = k, path = name }, Path) end
    Kind.__call = function(kind, t)
      local view = { kind = kind, id = t.id, class = t.class, style = t.style, children = {} }
      for i, child in ipairs(t) do view.children[i] = child; child.parent = view end
      for k, v in pairs(t) do
        if type(k) == "string" and k ~= "id" and k ~= "class" and k ~= "style" then view[k] = v end
      end
      return view
    end
    for _, name in ipairs { "View", "Label", "Button", "TextField", "ImageView", "StackView" } do
      _G[name] = setmetatable({ name = name }, Kind)
    end
    function themes(t) return t[t.default] end
    function color(hex) return { hex = hex } end
    font = { system = function(size, weight) return { size = size, weight = weight or "regular" } end }
    function insets(...) return { ... } end
    image = setmetatable({}, { __call = function(_, name) return { name = name } end })
    function mut(path, value) return { kind = path.kind, ops = { { "set", path, value } } } end
    function mver(path, fn) return { kind = path.kind, ops = { { "transform", path, fn } } } end
    function style(kind, ...)
      local ops = {}
      for _, part in ipairs { ... } do
        if type(part) == "function" then ops[#ops + 1] = { "function", part }
        else for _, op in ipairs(part.ops) do ops[#ops + 1] = op end end
      end
      return { kind = kind, ops = ops }
    end
    function rule(selector, s) rules[#rules + 1] = { selector = selector, style = s } end
    function appearance(kind, s) appearances[#appearances + 1] = { kind = kind, style = s } end
    local root = dofile(arg[1])
    assert(root.kind == StackView and #root.children > 0, "the screen returns its root")
    """
}
