// libFuzzer target: evaluating a script in the sandbox, styling the tree it returns with
// provenance, and printing it in every output format (tree text, JSON, HTML with and without
// references, explain as text and JSON), as a snapshot, and as the changes a reload lists: a
// deep or wide tree that one of them mishandles (a recursion, a quadratic path) crashes or
// times out here. Built and run by scripts/fuzz.
import StyleCore
import StyleLua
import StyleRun

private let options = EvaluationOptions(limits: Limits(seconds: 0.25, memory: 16 << 20, instructions: 2_000_000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let evaluation = try? Evaluation.evaluate(source: source, chunk: "fuzz.lua", folder: "/nonexistent", options: options),
          let root = evaluation.root else {
        return 0
    }
    evaluation.prepareForApplication()
    let budget = CascadeBudget(seconds: options.limits.seconds, memory: options.limits.memory)
    guard Cascade(evaluation.stylesheet).apply(to: root, recordingProvenance: true, budget: budget).isEmpty else { return 0 }
    _ = TreeTextRenderer(all: true).render(root)
    _ = TreeJSONRenderer(all: true).render(root)
    _ = HTMLRenderer().render(root, title: "fuzz.lua")
    _ = HTMLRenderer(marksReferences: true).renderScreen(root)
    var views: [View] = []
    root.forEachInTree { views.append($0) }
    _ = ExplainRenderer().render(views, skipped: { _ in [] })
    _ = ExplainRenderer().renderJSON(views)
    _ = StyleSnapshot(root).text(title: "fuzz.lua")
    _ = TreeSnapshot(root).changes(since: .unstyled)
    return 0
}
