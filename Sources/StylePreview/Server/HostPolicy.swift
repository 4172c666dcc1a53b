/// Which `Host` headers the server answers: its own address or `localhost`, with its port.
///
///     let policy = HostPolicy(boundHost: "127.0.0.1", port: 7480)
///     policy.allows("localhost:7480")       // true
///     policy.allows("evil.example:7480")    // false: a DNS-rebinding page's name
///
/// A web page elsewhere can point its own domain name at 127.0.0.1 and then read from the
/// server as if it were that site; browsers send the page's name in `Host`, so refusing every
/// name but the served ones stops it. Bound to every interface (`0.0.0.0`, `::`), any IP
/// literal is accepted (a rebinding always comes through a name), still only with the port.
///
/// `Origin`, which browsers send with a request a page on another site makes (and which no
/// page can forge), must name the same addresses over `http`, so that such a page cannot even
/// open the event stream or fetch the provenance data, whatever CORS would let it read.
///
///     policy.allowsOrigin("http://localhost:7480")    // true
///     policy.allowsOrigin("https://evil.example")     // false
///     policy.allowsOrigin(nil)                        // true: not a cross-site browser request
public struct HostPolicy: Sendable {
    /// Lower-cased host names and literals accepted, IPv6 in brackets.
    public let names: Set<String>
    public let port: Int
    /// Whether the server listens on every interface.
    public let isWildcard: Bool

    public init(boundHost: String, port: Int) {
        var host = boundHost.lowercased()
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        isWildcard = host == "0.0.0.0" || host == "[::]"
        var names: Set<String> = ["localhost", host]
        if host == "127.0.0.1" || host == "localhost" { names.formUnion(["127.0.0.1", "localhost"]) }
        if host == "[::1]" { names.insert("[::1]") }
        self.names = names
        self.port = port
    }

    /// Whether a request with this `Host` header value is answered.
    public func allows(_ header: String?) -> Bool {
        guard let header, !header.isEmpty else { return false }
        let value = header.lowercased()
        var name = value, portText: Substring?
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return false }
            name = String(value[...close])
            let after = value[value.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return false }
                portText = after.dropFirst()
            }
        } else if let colon = value.lastIndex(of: ":") {
            name = String(value[..<colon])
            portText = value[value.index(after: colon)...]
        }
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }), Int(portText) == port else { return false }
        } else if port != 80 {
            return false
        }
        if names.contains(name) { return true }
        return isWildcard && Self.isIPLiteral(name)
    }

    /// Whether a request with this `Origin` header value (or none) is answered: none, or
    /// `http://` and a host and port `allows`. `null` (a sandboxed or local page) is refused.
    public func allowsOrigin(_ header: String?) -> Bool {
        guard let header else { return true }
        let value = header.lowercased()
        guard value.hasPrefix("http://") else { return false }
        let authority = value.dropFirst("http://".count)
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@") else { return false }
        return allows(String(authority))
    }

    private static func isIPLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") {
            return name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { p in !p.isEmpty && p.count <= 3 && p.allSatisfy(\.isNumber) && Int(p)! <= 255 }
    }
}
