import Foundation
import StyleCore
import StyleLua
import XCTest

/// The repository checkout these tests live in: its `stdlib/` is what `require "base"` loads.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // StyleLuaTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

let stdlibPath = repositoryRoot.appendingPathComponent("stdlib").path

/// What a script must produce, or the diagnostics it produced instead.
enum Outcome {
    case styled(View, Evaluation)
    case failed([Diagnostic])
}

/// Evaluates `script`, then styles the tree it returned: the whole path a script takes.
/// Evaluation errors and cascade errors both come back as diagnostics.
func evaluateAndStyle(_ script: String, chunk: String = "snippet.lua", folder: String = ".",
         options: EvaluationOptions = EvaluationOptions(stdlibPaths: [stdlibPath]), traits: Traits = .default) -> Outcome {
    let evaluation: Evaluation
    do {
        evaluation = try Evaluation.evaluate(source: script, chunk: chunk, folder: folder, options: options)
    } catch {
        return .failed(error.diagnostics)
    }
    guard let root = evaluation.root else {
        return .failed([Diagnostic(.badReturn, "test: the script returned no view", at: .host)])
    }
    let diagnostics = Cascade(evaluation.stylesheet, traits: traits).apply(to: root)
    if diagnostics.contains(where: { $0.severity == .error }) { return .failed(diagnostics) }
    return .styled(root, evaluation)
}

/// The view with `id` in the tree under `root`.
func view(_ id: String, in root: View) -> View? {
    var found: View?
    root.forEachInTree { if $0.id == id, found == nil { found = $0 } }
    return found
}

// Short spellings for the tables of expected values.

func hex(_ s: String) -> Value { .color(Color(hex: s)!) }
func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Value {
    .color(Color(red: r, green: g, blue: b, alpha: a))
}
func num(_ x: Double) -> Value { .number(x) }
func int(_ x: Int) -> Value { .int(x) }
func str(_ s: String) -> Value { .string(s) }
func enumCase(_ s: String) -> Value { .enumCase(s) }
func insets(_ t: Double, _ l: Double, _ b: Double, _ r: Double) -> Value {
    .insets(Insets(top: t, left: l, bottom: b, right: r))
}
func size(_ w: Double, _ h: Double) -> Value { .size(Size(width: w, height: h)) }
/// A font; `style` makes it follow that text style from its size at `large`.
func font(_ size: Double, _ weight: Font.Weight = .regular, name: String = "system",
          italic: Bool = false, smallCaps: Bool = false, style: Font.TextStyle? = nil) -> Value {
    .font(Font(name: name, size: size, weight: weight, italic: italic, smallCaps: smallCaps,
               scaling: style.map { Font.Scaling(textStyle: $0, sizeAtLarge: size) }))
}

/// Writes `files` (relative path → text) into a new temporary folder, runs `body` with its path,
/// then removes it. With no files, `body` gets `"."`.
func withModuleFolder<T>(_ files: [String: String], _ body: (String) throws -> T) rethrows -> T {
    guard !files.isEmpty else { return try body(".") }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-tests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    for (path, text) in files {
        let url = dir.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8))
    }
    return try body(dir.path)
}
