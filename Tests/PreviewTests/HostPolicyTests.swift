import StylePreview
import XCTest

/// The `Host` header check against DNS rebinding.
final class HostPolicyTests: XCTestCase {
    func testLoopbackAcceptsItsAddressAndLocalhostWithThePort() {
        let policy = HostPolicy(boundHost: "127.0.0.1", port: 7480)
        let cases: [(String?, Bool)] = [
            ("127.0.0.1:7480", true), ("localhost:7480", true), ("LOCALHOST:7480", true),
            ("127.0.0.1", false), ("localhost", false), ("127.0.0.1:80", false), ("localhost:7481", false),
            ("evil.example:7480", false), ("localhost.evil.example:7480", false), ("127.0.0.2:7480", false),
            ("[::1]:7480", false), ("127.0.0.1:7480:7480", false), ("127.0.0.1:+7480", false), ("", false), (nil, false),
        ]
        for (header, expected) in cases {
            XCTAssertEqual(policy.allows(header), expected, header ?? "nil")
        }
    }

    func testPort80MayBeLeftOut() {
        let policy = HostPolicy(boundHost: "localhost", port: 80)
        XCTAssertTrue(policy.allows("localhost"))
        XCTAssertTrue(policy.allows("127.0.0.1:80"))
        XCTAssertFalse(policy.allows("example.com"))
    }

    func testIPv6AndOtherAddresses() {
        let v6 = HostPolicy(boundHost: "::1", port: 9000)
        XCTAssertTrue(v6.allows("[::1]:9000"))
        XCTAssertTrue(v6.allows("localhost:9000"))
        XCTAssertFalse(v6.allows("[::1]9000"))
        let lan = HostPolicy(boundHost: "192.168.1.20", port: 9000)
        XCTAssertTrue(lan.allows("192.168.1.20:9000"))
        XCTAssertFalse(lan.allows("192.168.1.21:9000"))
        XCTAssertFalse(lan.allows("attacker.example:9000"))
    }

    func testEveryInterfaceAcceptsAnyAddressButNoOtherName() {
        let all = HostPolicy(boundHost: "0.0.0.0", port: 9000)
        XCTAssertTrue(all.allows("10.0.0.7:9000"))
        XCTAssertTrue(all.allows("[fe80::1]:9000"))
        XCTAssertFalse(all.allows("10.0.0.300:9000"))
        XCTAssertFalse(all.allows("rebind.attacker.example:9000"))
        XCTAssertFalse(all.allows("10.0.0.7:9001"))
    }

    func testOriginsAreThoseOfItsOwnPagesOrNone() {
        let policy = HostPolicy(boundHost: "127.0.0.1", port: 7480)
        let cases: [(String?, Bool)] = [
            (nil, true), ("http://127.0.0.1:7480", true), ("http://localhost:7480", true), ("HTTP://LOCALHOST:7480", true),
            ("null", false), ("", false), ("https://127.0.0.1:7480", false), ("http://evil.example:7480", false),
            ("http://127.0.0.1:7481", false), ("http://127.0.0.1", false), ("http://127.0.0.1:7480/", false),
            ("http://user@127.0.0.1:7480", false), ("file://", false), ("http://", false),
        ]
        for (header, expected) in cases {
            XCTAssertEqual(policy.allowsOrigin(header), expected, header ?? "nil")
        }
    }
}
