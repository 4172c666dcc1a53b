import StyleCore

// Reading `$value` as its type says (2025.10 Format §8–9, Color Module §4). Every sub-value may
// be an alias `"{a.b}"` of a token of the sub-value's type or a `{"$ref": "#/…"}` pointer.
extension AliasResolver {
    /// A value of `type`: an alias of such a token, a pointer, or one written out.
    mutating func value(_ json: PositionedJSON, as type: TokenType, in def: TokenDefinition, depth: Int = 0) throws(LocatedTokenError) -> TokenValue {
        if let (target, at) = try wholeAlias(json, in: def) {
            let r = try follow(target, from: def, at: at)
            guard r.value.type == type else {
                throw .init(.typeMismatch(alias: target, token: def.name, expected: type.rawValue, got: r.value.type.rawValue), at: at)
            }
            return r.value
        }
        if let node = try pointed(json, in: def, depth: depth) { return try value(node, as: type, in: def, depth: depth + 1) }
        return try written(json, as: type, in: def)
    }

    /// The node a `{"$ref": "#/…"}` points at (nil when `json` is no pointer).
    private mutating func pointed(_ json: PositionedJSON, in def: TokenDefinition, depth: Int) throws(LocatedTokenError) -> PositionedJSON? {
        guard let members = json.members, members.count == 1, members[0].key == "$ref", let pointer = members[0].value.string else { return nil }
        let at = at(def, members[0].value)
        guard depth < 32 else { throw .init(.circularAlias([def.name, pointer, "…"]), at: at) }
        guard let segments = JSONPointer.segments(pointer) else {
            throw .init(.badPointer(pointer, reason: "only pointers into the same file ('#/…') are followed"), at: at)
        }
        switch JSONPointer.follow(segments, in: def.document) {
        case .success(let node): return node
        case .failure(let f): throw .init(.badPointer(pointer, reason: f.reason), at: at)
        }
    }

    /// A raw JSON node, through pointers, for the parts of a value that are not tokens' types
    /// (a colour's components, a dimension's `value` and `unit`).
    private mutating func plain(_ json: PositionedJSON, in def: TokenDefinition) throws(LocatedTokenError) -> PositionedJSON {
        var node = json, depth = 0
        while let next = try pointed(node, in: def, depth: depth) { node = next; depth += 1 }
        return node
    }

    private func at(_ def: TokenDefinition, _ json: PositionedJSON) -> SourceLocation {
        SourceLocation(file: def.location.file, line: json.position.line, column: json.position.column)
    }

    private func shape(_ def: TokenDefinition, _ type: TokenType, _ expected: String, _ json: PositionedJSON) -> LocatedTokenError {
        .init(.wrongShape(token: def.name, type: type.rawValue, expected: expected, got: Self.describe(json)), at: at(def, json))
    }

    static func describe(_ json: PositionedJSON) -> String {
        switch json.content {
        case .string(let s): "the string \"\(s)\""
        case .number(let x): "the number \(formatNumber(x))"
        default: json.kindName
        }
    }

    /// An object's members, each known to the type; an unknown one is an error with a suggestion.
    private func fields(_ json: PositionedJSON, _ def: TokenDefinition, _ type: TokenType, expected: String,
                        required: [String], optional: [String] = []) throws(LocatedTokenError) -> Fields {
        guard let members = json.members else { throw shape(def, type, expected, json) }
        for m in members where !required.contains(m.key) && !optional.contains(m.key) {
            throw .init(.unknownField(token: def.name, type: type.rawValue, field: m.key, suggestion: Suggestion.closest(to: m.key, among: required + optional)),
                        at: SourceLocation(file: def.location.file, line: m.keyPosition.line, column: m.keyPosition.column))
        }
        let out = Fields(members: members)
        for r in required where out[r] == nil {
            throw .init(.missingField(token: def.name, type: type.rawValue, field: r), at: at(def, json))
        }
        return out
    }

    private mutating func number(_ json: PositionedJSON, _ def: TokenDefinition, _ type: TokenType, _ what: String) throws(LocatedTokenError) -> Double {
        let node = try plain(json, in: def)
        guard let x = node.number else { throw shape(def, type, what, node) }
        return x
    }

    // MARK: Each type

    private mutating func written(_ json: PositionedJSON, as type: TokenType, in def: TokenDefinition) throws(LocatedTokenError) -> TokenValue {
        switch type {
        case .color: return try color(json, def)
        case .dimension: return .dimension(try dimension(json, def))
        case .number:
            guard let x = json.number else { throw shape(def, type, "a number", json) }
            return .number(x)
        case .fontFamily: return .fontFamily(try families(json, def))
        case .fontWeight: return .fontWeight(try weight(json, def))
        case .duration: return .duration(try duration(json, def))
        case .cubicBezier: return .cubicBezier(try bezier(json, def))
        case .strokeStyle: return .strokeStyle(try stroke(json, def))
        case .border:
            let f = try fields(json, def, type, expected: "an object with color, width and style", required: ["color", "width", "style"])
            guard case .color(let c, _) = try value(f["color"]!, as: .color, in: def),
                  case .dimension(let w) = try value(f["width"]!, as: .dimension, in: def),
                  case .strokeStyle(let s) = try value(f["style"]!, as: .strokeStyle, in: def) else { preconditionFailure("value(as:) returns its type") }
            return .border(BorderValue(color: c, width: w, style: s))
        case .transition:
            let f = try fields(json, def, type, expected: "an object with duration, delay and timingFunction", required: ["duration", "delay", "timingFunction"])
            guard case .duration(let d) = try value(f["duration"]!, as: .duration, in: def),
                  case .duration(let delay) = try value(f["delay"]!, as: .duration, in: def),
                  case .cubicBezier(let t) = try value(f["timingFunction"]!, as: .cubicBezier, in: def) else { preconditionFailure("value(as:) returns its type") }
            return .transition(TransitionValue(duration: d, delay: delay, timingFunction: t))
        case .shadow:
            if let list = json.array {
                var layers: [ShadowValue] = []
                for element in list {
                    // A shadow token named in the list adds its layers, not a nested list.
                    if case .shadow(let ls, _) = try value(element, as: .shadow, in: def) { layers += ls }
                }
                return .shadow(layers, isList: true)
            }
            return .shadow([try shadow(json, def)], isList: false)
        case .gradient:
            guard let list = json.array else { throw shape(def, type, "an array of stops {color, position}", json) }
            var stops: [GradientStop] = []
            for element in list {
                if element.members != nil, element["$ref"] == nil {
                    let f = try fields(element, def, type, expected: "a stop {color, position}", required: ["color", "position"])
                    guard case .color(let c, _) = try value(f["color"]!, as: .color, in: def),
                          case .number(let p) = try value(f["position"]!, as: .number, in: def) else { preconditionFailure("value(as:) returns its type") }
                    stops.append(GradientStop(color: c, position: min(max(p, 0), 1)))
                } else if case .gradient(let more) = try value(element, as: .gradient, in: def) {
                    stops += more
                }
            }
            return .gradient(stops)
        case .typography:
            let f = try fields(json, def, type, expected: "an object with fontFamily, fontSize and fontWeight",
                               required: ["fontFamily", "fontSize", "fontWeight"], optional: ["letterSpacing", "lineHeight"])
            guard case .fontFamily(let family) = try value(f["fontFamily"]!, as: .fontFamily, in: def),
                  case .dimension(let size) = try value(f["fontSize"]!, as: .dimension, in: def),
                  case .fontWeight(let w) = try value(f["fontWeight"]!, as: .fontWeight, in: def) else { preconditionFailure("value(as:) returns its type") }
            var t = TypographyValue(fontFamily: family, fontSize: size, fontWeight: w)
            if let ls = f["letterSpacing"], case .dimension(let d) = try value(ls, as: .dimension, in: def) { t.letterSpacing = d }
            if let lh = f["lineHeight"], case .number(let x) = try value(lh, as: .number, in: def) { t.lineHeight = x }
            return .typography(t)
        }
    }

    private mutating func color(_ json: PositionedJSON, _ def: TokenDefinition) throws(LocatedTokenError) -> TokenValue {
        let expected = "a colour object {\"colorSpace\": \"srgb\", \"components\": [r, g, b]} or a hex string \"#RRGGBB\""
        if let hex = json.string {
            guard hex.hasPrefix("#"), let c = Color(hex: hex) else { throw shape(def, .color, expected, json) }
            return .color(c, written: ColorWritten(space: "srgb", components: [c.red, c.green, c.blue], alpha: c.alpha))
        }
        let f = try fields(json, def, .color, expected: expected, required: ["colorSpace", "components"], optional: ["alpha", "hex"])
        let spaceNode = try plain(f["colorSpace"]!, in: def)
        guard let space = spaceNode.string else { throw shape(def, .color, "a colorSpace name such as \"srgb\"", spaceNode) }
        let componentsNode = try plain(f["components"]!, in: def)
        guard let list = componentsNode.array else { throw shape(def, .color, "components as an array of numbers", componentsNode) }
        var components: [Double?] = []
        for element in list {
            let node = try plain(element, in: def)
            if node.string == "none" { components.append(nil); continue }
            guard let x = node.number else { throw shape(def, .color, "a number or \"none\" for each component", node) }
            components.append(x)
        }
        var alpha = 1.0
        if let a = f["alpha"] {
            alpha = try number(a, def, .color, "an alpha from 0 to 1")
            guard (0...1).contains(alpha) else { throw .init(.outOfRange(token: def.name, field: "alpha", value: alpha, range: "0…1"), at: at(def, a)) }
        }
        guard ColorSpaces.known.contains(space) else {
            let near = Suggestion.closest(to: space, among: ColorSpaces.known)
            throw .init(.unknownColorSpace(space, suggestion: near), at: at(def, spaceNode))
        }
        guard components.count == 3 else { throw .init(.badComponents(space: space, expected: 3, got: components.count), at: at(def, componentsNode)) }
        let written = ColorWritten(space: space, components: components, alpha: alpha)
        if let (r, g, b) = ColorSpaces.srgb(space, components) {
            func clip(_ x: Double) -> Double { min(max(x, 0), 1) }
            return .color(Color(red: clip(r), green: clip(g), blue: clip(b), alpha: alpha), written: written)
        }
        // A space stylerun does not convert: the token's own sRGB fallback, if it gives one.
        if let hexNode = f["hex"], let hex = hexNode.string, let c = Color(hex: hex) {
            return .color(c.withAlpha(alpha), written: written)
        }
        throw .init(.unsupportedColorSpace(space, supported: ColorSpaces.supported), at: at(def, spaceNode))
    }

    private mutating func dimension(_ json: PositionedJSON, _ def: TokenDefinition) throws(LocatedTokenError) -> Dimension {
        let expected = "an object {\"value\": 16, \"unit\": \"px\"}"
        let f = try fields(json, def, .dimension, expected: expected, required: ["value", "unit"])
        let x = try number(f["value"]!, def, .dimension, "a number as its value")
        let unitNode = try plain(f["unit"]!, in: def)
        guard let u = unitNode.string else { throw shape(def, .dimension, "a unit \"px\" or \"rem\"", unitNode) }
        guard let unit = Dimension.Unit(rawValue: u) else { throw .init(.unknownUnit(u, type: "dimension", allowed: ["px", "rem"]), at: at(def, unitNode)) }
        return Dimension(x, unit)
    }

    private mutating func duration(_ json: PositionedJSON, _ def: TokenDefinition) throws(LocatedTokenError) -> Duration {
        let f = try fields(json, def, .duration, expected: "an object {\"value\": 200, \"unit\": \"ms\"}", required: ["value", "unit"])
        let x = try number(f["value"]!, def, .duration, "a number as its value")
        let unitNode = try plain(f["unit"]!, in: def)
        guard let u = unitNode.string, let unit = Duration.Unit(rawValue: u) else {
            throw .init(.unknownUnit(unitNode.string ?? Self.describe(unitNode), type: "duration", allowed: ["ms", "s"]), at: at(def, unitNode))
        }
        return Duration(value: x, unit: unit)
    }

    private mutating func families(_ json: PositionedJSON, _ def: TokenDefinition) throws(LocatedTokenError) -> [String] {
        if let s = json.string { return [s] }
        guard let list = json.array, !list.isEmpty else { throw shape(def, .fontFamily, "a font name or an array of names", json) }
        var names: [String] = []
        for element in list {
            guard let s = element.string else { throw shape(def, .fontFamily, "a font name in each element", element) }
            names.append(s)
        }
        return names
    }

    private mutating func weight(_ json: PositionedJSON, _ def: TokenDefinition) throws(LocatedTokenError) -> Double {
        if let name = json.string {
            guard let w = FontWeights.names[name] else {
                throw .init(.unknownFontWeight(name, suggestion: Suggestion.closest(to: name, among: FontWeights.names.keys)), at: at(def, json))
            }
            return w
        }
        guard let x = json.number else { throw shape(def, .fontWeight, "a number from 1 to 1000 or a name such as \"bold\"", json) }
        guard (1...1000).contains(x) else { throw .init(.outOfRange(token: def.name, field: "font weight", value: x, range: "1…1000"), at: at(def, json)) }
        return x
    }

    private mutating func bezier(_ json: PositionedJSON, _ def: TokenDefinition) throws(LocatedTokenError) -> [Double] {
        guard let list = json.array, list.count == 4 else { throw shape(def, .cubicBezier, "an array of four numbers [x1, y1, x2, y2]", json) }
        var xs: [Double] = []
        for (i, element) in list.enumerated() {
            let x = try number(element, def, .cubicBezier, "a number in each element")
            if i % 2 == 0, !(0...1).contains(x) {
                throw .init(.outOfRange(token: def.name, field: i == 0 ? "x1" : "x2", value: x, range: "0…1"), at: at(def, element))
            }
            xs.append(x)
        }
        return xs
    }

    static let strokeKeywords = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]

    private mutating func stroke(_ json: PositionedJSON, _ def: TokenDefinition) throws(LocatedTokenError) -> StrokeStyleValue {
        if let s = json.string {
            guard Self.strokeKeywords.contains(s) else {
                throw shape(def, .strokeStyle, "one of " + Self.strokeKeywords.joined(separator: ", "), json)
            }
            return .keyword(s)
        }
        let f = try fields(json, def, .strokeStyle, expected: "a keyword such as \"solid\" or an object {dashArray, lineCap}", required: ["dashArray", "lineCap"])
        guard let list = f["dashArray"]!.array else { throw shape(def, .strokeStyle, "dashArray as an array of dimensions", f["dashArray"]!) }
        var dashes: [Dimension] = []
        for element in list {
            if case .dimension(let d) = try value(element, as: .dimension, in: def) { dashes.append(d) }
        }
        guard let cap = f["lineCap"]!.string, ["round", "butt", "square"].contains(cap) else {
            throw shape(def, .strokeStyle, "a lineCap \"round\", \"butt\" or \"square\"", f["lineCap"]!)
        }
        return .dashes(dashes, lineCap: cap)
    }

    private mutating func shadow(_ json: PositionedJSON, _ def: TokenDefinition) throws(LocatedTokenError) -> ShadowValue {
        let f = try fields(json, def, .shadow, expected: "an object with color, offsetX, offsetY, blur and spread",
                           required: ["color", "offsetX", "offsetY", "blur", "spread"], optional: ["inset"])
        guard case .color(let c, _) = try value(f["color"]!, as: .color, in: def),
              case .dimension(let x) = try value(f["offsetX"]!, as: .dimension, in: def),
              case .dimension(let y) = try value(f["offsetY"]!, as: .dimension, in: def),
              case .dimension(let blur) = try value(f["blur"]!, as: .dimension, in: def),
              case .dimension(let spread) = try value(f["spread"]!, as: .dimension, in: def) else { preconditionFailure("value(as:) returns its type") }
        var inset = false
        if let i = f["inset"] {
            guard case .bool(let b) = i.content else { throw shape(def, .shadow, "inset as true or false", i) }
            inset = b
        }
        return ShadowValue(color: c, offsetX: x, offsetY: y, blur: blur, spread: spread, inset: inset)
    }
}

/// A composite's few members, found by looking: a dictionary for five keys cost more in
/// hashing than the whole value's reading (a 2,000-token file made 10,000 of them).
struct Fields {
    let members: [PositionedJSON.Member]
    subscript(key: String) -> PositionedJSON? { members.first { $0.key == key }?.value }
}
