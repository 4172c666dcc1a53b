import Foundation
import StyleRun

/// `stylerun __child snapshot-capture`: the process around `IsolatedSnapshotEvaluator.serveChild`.
/// It writes the capture's lines on standard output as they come, a request it cannot read on
/// standard error (status 2), and strikes the test faults the parent's tests ask for.
enum SnapshotCaptureChild {
    static func run(input: Data, console: Console) -> Int32 {
        let faults = TestFaults(ProcessInfo.processInfo.environment[IsolatedSnapshotEvaluator.testFaultsVariable] ?? "")
        do throws(IsolatedDynamicPass.ChildRequestError) {
            try IsolatedSnapshotEvaluator.serveChild(input: input, willEvaluate: faults.strike, emit: console.out)
            return ExitStatus.success
        } catch {
            console.error("stylerun \(IsolatedRun.childCommand) \(IsolatedSnapshotEvaluator.childMode): \(error.message)")
            return ExitStatus.usage
        }
    }
}
