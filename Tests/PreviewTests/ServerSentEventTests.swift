import StylePreview
import XCTest

/// Event stream framing.
final class ServerSentEventTests: XCTestCase {
    func testFraming() {
        let cases: [(String?, String?, Int?, String, String)] = [
            ("state", "3", nil, "{\"a\": 1}", "id: 3\nevent: state\ndata: {\"a\": 1}\n\n"),
            (nil, nil, nil, "one\ntwo", "data: one\ndata: two\n\n"),
            (nil, nil, nil, "one\r\ntwo\rthree", "data: one\ndata: two\ndata: three\n\n"),
            (nil, nil, nil, "", "data: \n\n"),
            (nil, nil, nil, "trailing\n", "data: trailing\ndata: \n\n"),
            ("a\nb", "1\r2", 500, "x", "id: 12\nevent: ab\nretry: 500\ndata: x\n\n"),
        ]
        for (event, id, retry, data, expected) in cases {
            XCTAssertEqual(ServerSentEvent.frame(event: event, id: id, retry: retry, data: data), expected, data)
        }
        XCTAssertEqual(ServerSentEvent.keepAlive, ": keep-alive\n\n")
    }

    func testTheHubKeepsOnlyTheLatestMessage() {
        let hub = EventHub()
        hub.publish("first")
        hub.publish("second")
        let expectation = expectation(description: "a waiting client wakes")
        DispatchQueue.global().async {
            hub.publish("third")
            expectation.fulfill()
        }
        wait(for: [expectation], timeout: 5)
        XCTAssertEqual(hub.next(after: 0, timeout: 0)?.1, "third")
        XCTAssertEqual(hub.next(after: 3, timeout: 0.05)?.1, nil)
    }
}
