import Foundation
import StyleRun
#if canImport(Glibc)
import Glibc
#endif

/// The process around a child mode of an isolated run (`stylerun __child lint-dynamic`,
/// `stylerun __child snapshot-capture`): it writes the served lines on standard output as they
/// come, a request it cannot read on standard error (status 2), and strikes the test faults the
/// parent's tests ask for through `faultsVariable`.
enum ChildMode {
    typealias Serve = (_ input: Data, _ willEvaluate: (String) -> Void, _ emit: (String) -> Void)
        throws(IsolatedDynamicPass.ChildRequestError) -> Void

    static func run(_ mode: String, input: Data, console: Console, faultsVariable: String, serve: Serve) -> Int32 {
        let faults = TestFaults(ProcessInfo.processInfo.environment[faultsVariable] ?? "")
        do throws(IsolatedDynamicPass.ChildRequestError) {
            try serve(input, faults.strike, console.out)
            return ExitStatus.success
        } catch {
            console.error("stylerun \(IsolatedRun.childCommand) \(mode): \(error.message)")
            return ExitStatus.usage
        }
    }
}

/// The failures `IsolatedDynamicPass.testFaultsVariable` (and the snapshot evaluator's
/// `IsolatedSnapshotEvaluator.testFaultsVariable`) asks for.
struct TestFaults {
    private var crashes: [String] = []
    private var hangs: [String] = []
    /// Files on which the child allocates until the address-space backstop refuses, as Swift-side
    /// work past the memory limit would.
    private var exhaustions: [String] = []

    init(_ text: String) {
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if parts[0] == "crash" { crashes.append(parts[1]) }
            if parts[0] == "hang" { hangs.append(parts[1]) }
            if parts[0] == "oom" { exhaustions.append(parts[1]) }
        }
    }

    /// Crashes, hangs or runs out of memory if `file` is named.
    func strike(_ file: String) {
        let named = { (name: String) in file == name || file.hasSuffix("/" + name) }
        if exhaustions.contains(where: named) {
            // Reserved, not touched: the address-space limit refuses long before memory is short.
            var blocks: [UnsafeMutableRawPointer] = []
            while true { blocks.append(UnsafeMutableRawPointer.allocate(byteCount: 64 << 20, alignment: 16)) }
        }
        if crashes.contains(where: named) {
            signal(SIGSEGV, SIG_DFL)
            raise(SIGSEGV)
        }
        if hangs.contains(where: named) {
            while true { sleep(60) }
        }
    }
}
