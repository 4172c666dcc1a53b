import StyleCore
import XCTest

/// Builders shared by the StyleCore tests: styles as the Lua bridge would make them.
enum T {
    static let schema = Schema.standard
    static let view = Schema.view
    static let label = Schema.label
    static let button = Schema.button
    static let stack = Schema.stackView
    static let imageView = Schema.imageView

    static func at(_ line: Int) -> SourceLocation { SourceLocation(file: "test.lua", line: line) }

    static func keyPath(_ kind: Kind, _ path: String) -> StyleKeyPath {
        guard case .success(let kp) = StyleKeyPath.resolve(path.split(separator: ".").map(String.init), in: kind) else {
            preconditionFailure("\(kind.name) has no path \(path)")
        }
        return kp
    }

    /// `mut(Kind.path, value)` at a line.
    static func mut(_ kind: Kind, _ path: String, _ value: Value, line: Int = 1) -> Style {
        do {
            return try Style.mut(.keyPath(keyPath(kind, path)), value, root: kind, at: at(line))
        } catch {
            preconditionFailure(error.message)
        }
    }

    /// `mver(Kind.path, fn)` at a line.
    static func mver(_ kind: Kind, _ path: String, line: Int = 1, _ body: @escaping (Value) -> Value) -> Style {
        do {
            return try Style.mver(.keyPath(keyPath(kind, path)), Transform(body), root: kind, at: at(line))
        } catch {
            preconditionFailure(error.message)
        }
    }

    static func concat(_ parts: Style..., line: Int = 1) -> Style {
        do {
            return try Style.concat(parts, root: view, at: at(line))
        } catch {
            preconditionFailure(error.message)
        }
    }

    /// A plain function style of `kind`.
    static func function(_ kind: Kind, line: Int = 1, _ body: @escaping (StyleApplication) throws(Diagnostic) -> Void) -> Style {
        Style.function(FunctionStyle(body), kind: kind, at: at(line))
    }

    static func selector(_ text: String) -> SelectorList {
        do {
            return try SelectorList.parse(text, schema: schema)
        } catch {
            preconditionFailure(error.message)
        }
    }

    static func view(_ kind: Kind, _ id: String? = nil, _ classes: String = "", _ children: View...) -> View {
        let v = View(kind: kind, id: id, classes: classes.split(separator: " ").map(String.init))
        for c in children { v.addChild(c) }
        return v
    }

    static func font(_ value: Value?) -> Font? {
        if case .font(let f)? = value { return f }
        return nil
    }
}

/// A `mver` function written in Swift.
final class Transform: ValueTransform {
    let body: (Value) -> Value
    init(_ body: @escaping (Value) -> Value) { self.body = body }
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value { body(value) }
}

/// A plain function style written in Swift.
final class FunctionStyle: StyleFunction {
    let body: (StyleApplication) throws(Diagnostic) -> Void
    init(_ body: @escaping (StyleApplication) throws(Diagnostic) -> Void) { self.body = body }
    func apply(to application: StyleApplication) throws(Diagnostic) { try body(application) }
}

extension Stylesheet {
    /// `rule(selector, style)`, failing the test on an error.
    func addRule(_ selector: String, _ style: Style, line: Int = 1, file: StaticString = #filePath, lineNumber: UInt = #line) {
        do {
            try rule(T.selector(selector), style, at: T.at(line))
        } catch {
            XCTFail(error.message, file: file, line: lineNumber)
        }
    }

    func addAppearance(_ kind: Kind, _ style: Style, line: Int = 1, file: StaticString = #filePath, lineNumber: UInt = #line) {
        do {
            try appearance(kind, style, at: T.at(line))
        } catch {
            XCTFail(error.message, file: file, line: lineNumber)
        }
    }
}

extension T {
    /// A random tree of `count` views under a stack view, each of a kind from `kinds` added to a
    /// random view before it, every `idEvery`th with an id (`v7`): the views in the order made,
    /// the root first.
    static func randomTree(_ count: Int, kinds: [Kind], idEvery: Int) -> [View] {
        var generator = SystemRandomNumberGenerator()
        var views = [View(kind: Schema.stackView)]
        for i in 1..<count {
            let view = View(kind: kinds[Int.random(in: 0..<kinds.count, using: &generator)], id: i % idEvery == 0 ? "v\(i)" : nil)
            views[Int.random(in: 0..<views.count, using: &generator)].addChild(view)
            views.append(view)
        }
        return views
    }
}
