@testable import StylePreview
import XCTest

/// Whom the server closes when crowded: never the one being answered, the greediest address's
/// oldest connection still sending its head, and streams apart.
final class ConnectionTableTests: XCTestCase {
    private func table(requests: Int = 4, perAddress: Int = 3, streams: Int = 2) -> ConnectionTable {
        var limits = HTTPServer.Limits()
        limits.maximumConnections = requests
        limits.maximumConnectionsPerAddress = perAddress
        limits.maximumEventStreams = streams
        return ConnectionTable(limits: limits)
    }

    func testAFullTableClosesTheOldestConnectionStillSendingItsHead() {
        var t = table(perAddress: 4)
        for fd in Int32(1)...4 { XCTAssertEqual(t.admit(fd, address: "a"), .admitted(closing: [])) }
        t.startAnswering(1)
        XCTAssertEqual(t.admit(5, address: "a"), .admitted(closing: [2]), "1 is being answered; 2 is the oldest still sending")
        XCTAssertEqual(t.phase(of: 2), .closing)
        XCTAssertEqual(t.admit(6, address: "a"), .admitted(closing: [3]))
        for fd: Int32 in [4, 5, 6] { t.startAnswering(fd) }
        XCTAssertEqual(t.admit(7, address: "a"), .refused, "every request is being answered")
        t.remove(1)
        XCTAssertEqual(t.admit(7, address: "a"), .admitted(closing: []))
    }

    func testOneAddressCannotTakeEveryRequest() {
        var t = table(requests: 4, perAddress: 3)
        for fd in Int32(1)...3 { XCTAssertEqual(t.admit(fd, address: "greedy"), .admitted(closing: [])) }
        // The greedy address is at its cap: its own oldest makes room for its fourth.
        XCTAssertEqual(t.admit(4, address: "greedy"), .admitted(closing: [1]))
        XCTAssertEqual(t.admit(5, address: "other"), .admitted(closing: []))
        // Full: the other address's newcomer closes the greedy address's oldest, not its own.
        XCTAssertEqual(t.admit(6, address: "other"), .admitted(closing: [2]))
        XCTAssertEqual(t.count(.readingHead), 4)
    }

    func testEventStreamsAreCountedApartAndTheOldestMakesRoom() {
        var t = table(requests: 2, streams: 2)
        for fd in Int32(1)...3 {
            XCTAssertEqual(t.admit(fd, address: "a"), .admitted(closing: []), "streams do not fill the requests")
            t.startAnswering(fd)
            XCTAssertEqual(t.startStreaming(fd), fd == 3 ? [1] : [])
        }
        XCTAssertEqual(t.count(.streaming), 2)
        XCTAssertEqual(t.phase(of: 1), .closing)
        XCTAssertEqual(t.admit(4, address: "a"), .admitted(closing: []))
        XCTAssertEqual(t.admit(5, address: "a"), .admitted(closing: []))
    }
}
