import Foundation
import StyleCore
import StyleLua

/// The child's side of `IsolatedDynamicPass`, and what passes between the two.
///
/// `stylerun __child lint-dynamic` reads one JSON request from standard input,
///
///     {"limits": {…}, "stdlib": ["/…/stdlib"], "accessibility": {"enabled": true, "contrast": "AA"},
///      "scripts": [{"file": "a.lua", "source": "return Label {}\n"}, …]}
///
/// (a `ChildRequest`),
/// evaluates the scripts in order with `InProcessDynamicPass` and the standard schema, and
/// writes one line per script as soon as it is done:
///
///     {"file": "a.lua", "diagnostics": [{"file": "a.lua", "line": 3, …}]}
///
/// A line the parent reads in full is a result, whatever happens to the child afterwards.
extension IsolatedDynamicPass {
    /// The argument after `__child` that selects the lint evaluator.
    public static let childMode = "lint-dynamic"

    /// For tests only: an environment variable that makes the lint evaluator child fail on
    /// purpose, so that the parent's handling of a crash or a runaway can be tested without a
    /// real bug in the VM. A comma-separated list of `crash:NAME` (the child kills itself with
    /// SIGSEGV on reaching the file NAME) and `hang:NAME` (it sleeps forever there, as a script
    /// escaping every Lua limit would run); NAME matches the file as given or its last path
    /// components. Only `stylerun __child lint-dynamic` reads it.
    public static let testFaultsVariable = "STYLERUN_TEST_LINT_FAULTS"

    /// The child's standard input for `scripts`.
    static func request(_ scripts: [LintScript], limits: Limits, stdlibPaths: [String],
                        accessibility: AccessibilityChecks = .init()) -> Data {
        ChildRequest(limits: limits, stdlibPaths: stdlibPaths, work: [
            ("accessibility", ["enabled": .bool(accessibility.isEnabled), "contrast": .string(accessibility.contrastLevel.rawValue)]),
            ("scripts", .array(scripts.map { ["file": .string($0.file), "source": .string($0.source)] })),
        ]).encoded()
    }

    /// The checks a request asks for: the default ones when it names none.
    static func accessibility(of request: ChildRequest) throws(ChildRequestError) -> AccessibilityChecks {
        guard let member = request["accessibility"] else { return AccessibilityChecks() }
        guard case .bool(let enabled)? = member["enabled"], case .string(let level)? = member["contrast"],
              let contrast = ContrastLevel(rawValue: level) else { throw .invalidRequest }
        return AccessibilityChecks(isEnabled: enabled, contrastLevel: contrast)
    }

    /// The results the child reported, in order, up to the first missing, cut short or not for
    /// the script expected there.
    static func results(_ output: Data, for scripts: [LintScript]) -> [[Diagnostic]] {
        var results: [[Diagnostic]] = []
        // The lines are found in the bytes themselves: a large screen's line is megabytes, and
        // `Data`'s indices check each byte's access.
        output.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var lineStart = 0
            while results.count < scripts.count,
                  let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { lineStart = newline + 1 }
                guard let line = try? JSONValue(parsing: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<newline]), as: UTF8.self)),
                      line["file"] == .string(scripts[results.count].file),
                      case .array(let list)? = line["diagnostics"] else { break }
                let diagnostics = list.compactMap(Diagnostic.init(json:))
                guard diagnostics.count == list.count else { break }
                results.append(diagnostics)
            }
        }
        return results
    }

    /// Why a child cannot serve its request.
    public enum ChildRequestError: Error, Equatable, Sendable {
        case invalidRequest
        case scriptWithoutSource

        public var message: String {
            switch self {
            case .invalidRequest: "the request on standard input is not valid."
            case .scriptWithoutSource: "a script in the request has no file or source."
            }
        }
    }

    /// The work of `stylerun __child lint-dynamic` without the process: evaluates the scripts of
    /// the request `input` in order, calling `willEvaluate` with each file first and `emit` with
    /// its result line (newline-ended) as soon as it is done. The command owns standard input,
    /// output and error, and the test faults.
    ///
    ///     try IsolatedDynamicPass.serveChild(input: request, emit: console.out)
    ///
    /// - Throws: `ChildRequestError` for a request that cannot be read (lines already emitted stand).
    public static func serveChild(input: Data, willEvaluate: (String) -> Void = { _ in },
                                  emit: (String) -> Void) throws(ChildRequestError) {
        let request = try ChildRequest(decoding: input)
        guard case .array(let entries)? = request["scripts"] else { throw .invalidRequest }
        let pass = InProcessDynamicPass(schema: .standard, limits: request.limits, stdlibPaths: request.stdlibPaths,
                                        accessibility: try accessibility(of: request))
        for entry in entries {
            guard case .string(let file)? = entry["file"], case .string(let source)? = entry["source"] else {
                throw .scriptWithoutSource
            }
            willEvaluate(file)
            let line: JSONValue = ["file": .string(file), "diagnostics": .array(pass.check(file: file, source: source).map(\.json))]
            emit(line.serialized() + "\n")
        }
    }
}
