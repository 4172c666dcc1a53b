import Foundation
@testable import StyleRun
import XCTest

/// Operating-system limits that cannot be applied are reported, never ignored: a child that runs
/// without them is not isolated.
final class LimitFailureTests: XCTestCase {
    /// A process that is gone cannot be limited: `prlimit` fails, and says which limit.
    func testAFailedPrlimitIsAnError() throws {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { free(argv[0]) }
        XCTAssertEqual(posix_spawn(&pid, "/bin/true", nil, nil, argv, nil), 0)
        var status: Int32 = 0
        XCTAssertEqual(waitpid(pid, &status, 0), pid)  // reaped: the pid names no process now
        let failure = ChildProcess.apply(.init(addressSpace: 1 << 30, cpuSeconds: 5, wallClock: 5), to: pid)
        XCTAssertEqual(failure?.operation, "prlimit (address space)")
        XCTAssertEqual(failure?.code, ESRCH)
        XCTAssertEqual(failure?.description, "prlimit (address space) failed: No such process")
        XCTAssertNil(ChildProcess.apply(.init(), to: pid), "no limits, nothing to apply")
    }
}
