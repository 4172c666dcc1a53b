import Foundation
import StyleLua

/// What a parent hands its isolated child on standard input, one JSON object: the limits, the
/// stdlib's folders and the mode's own work (lint's `scripts`, the snapshot's `file` and `html`).
///
///     {"limits": {"seconds": 2, "memory": 67108864, "instructions": 50000000, "printedBytes": 1048576},
///      "stdlib": ["/…/stdlib"], "scripts": [{"file": "a.lua", "source": "return Label {}\n"}]}
///
/// Both child modes (`IsolatedDynamicPass`, `IsolatedSnapshotEvaluator`) read and write it here,
/// so every limit reaches every child.
struct ChildRequest {
    var limits: Limits
    var stdlibPaths: [String]
    /// The mode's own members, in order.
    var work: [(key: String, value: JSONValue)]

    /// The request as the child reads it.
    func encoded() -> Data {
        let request = JSONValue.object([
            ("limits", ["seconds": .number(limits.seconds), "memory": .number(Double(limits.memory)),
                        "instructions": .number(Double(limits.instructions)), "printedBytes": .number(Double(limits.printedBytes))]),
            ("stdlib", .array(stdlibPaths.map(JSONValue.string))),
        ] + work)
        return Data(request.serialized().utf8)
    }

    /// Reads a request; the work is left for the mode to read (`work(_:)`).
    ///
    /// - Throws: `invalidRequest` when it is not JSON, or a limit is missing or out of range.
    init(decoding input: Data) throws(IsolatedDynamicPass.ChildRequestError) {
        guard let request = try? JSONValue(parsing: String(decoding: input, as: UTF8.self)),
              case .object(let members) = request,
              case .number(let seconds)? = request["limits"]?["seconds"],
              case .number(let memory)? = request["limits"]?["memory"],
              case .number(let instructions)? = request["limits"]?["instructions"],
              seconds.isFinite, seconds > 0, Self.isCount(memory), Self.isCount(instructions) else {
            throw .invalidRequest
        }
        var limits = Limits(seconds: seconds, memory: Int(memory), instructions: Int64(instructions))
        if let printed = request["limits"]?["printedBytes"] {
            guard case .number(let bytes) = printed, Self.isCount(bytes) else { throw .invalidRequest }
            limits.printedBytes = Int(bytes)
        }
        var stdlibPaths: [String] = []
        if case .array(let paths)? = request["stdlib"] {
            for case .string(let path) in paths { stdlibPaths.append(path) }
        }
        self.limits = limits
        self.stdlibPaths = stdlibPaths
        self.work = members.filter { $0.key != "limits" && $0.key != "stdlib" }
    }

    init(limits: Limits, stdlibPaths: [String], work: [(key: String, value: JSONValue)]) {
        self.limits = limits
        self.stdlibPaths = stdlibPaths
        self.work = work
    }

    /// The mode's member `key`, if the request has it.
    subscript(key: String) -> JSONValue? { work.first { $0.key == key }?.value }

    /// A whole number a limit can be: finite, 0 or more, and far from overflowing an Int.
    private static func isCount(_ x: Double) -> Bool { x.isFinite && x >= 0 && x < 0x1p62 && x == x.rounded() }
}
