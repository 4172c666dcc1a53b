// libFuzzer target: evaluating a script in the sandbox and styling the tree it returns, with
// small limits so that each input ends quickly. Any input may fail with diagnostics; none may
// crash. Built and run by scripts/fuzz.
import StyleCore
import StyleLua

private let options = EvaluationOptions(limits: Limits(seconds: 0.25, memory: 16 << 20, instructions: 2_000_000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvaluator(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let evaluation = try? Evaluation.evaluate(source: source, chunk: "fuzz.lua", folder: "/nonexistent", options: options) else {
        return 0
    }
    if let root = evaluation.root {
        evaluation.prepareForApplication()
        // Styling within the same limits as the command line gives it, so a style composed with
        // itself stops at its limit here too.
        let budget = CascadeBudget(seconds: options.limits.seconds, memory: options.limits.memory)
        _ = Cascade(evaluation.stylesheet).apply(to: root, recordingProvenance: true, budget: budget)
    }
    return 0
}
