/// Which connections the server keeps when clients crowd it, so that slow or greedy clients
/// cannot keep others out.
///
///     var table = ConnectionTable(limits: .default)
///     table.admit(7, address: "127.0.0.1")    // .admitted(closing: [])
///     table.startStreaming(7)                  // [] (the streams to close, oldest first)
///
/// Two pools. *Requests* (a connection reading its head or being answered) are at most
/// `maximumConnections`, and one address holds at most `maximumConnectionsPerAddress` of them.
/// When a new connection would pass a cap, the oldest connection still reading its head is
/// closed to make room — of the new connection's own address when that address is at its cap,
/// else of the address holding the most — since a client that has not sent a whole head yet
/// is the one that waits (a trickling or reconnecting client). Only when every request is being
/// answered is the new one refused. *Event streams* are at most `maximumEventStreams` apart
/// from the requests: a stream that opens at the cap closes the oldest stream (a page that is
/// still open reconnects by itself).
///
/// Pure bookkeeping of descriptors; the server shuts down what it is told to close.
struct ConnectionTable {
    enum Phase: Equatable {
        case readingHead, answering, streaming
        /// Told to close; counted nowhere while its thread winds down.
        case closing
    }

    enum Admission: Equatable {
        /// Keep the connection, and close these (to make room).
        case admitted(closing: [Int32])
        /// Every request is being answered: answer 503.
        case refused
    }

    private struct Entry {
        var address: String
        /// When it was admitted, then when it became a stream: smaller is older.
        var order: UInt64
        var phase: Phase
    }

    let maximumConnections: Int
    let maximumConnectionsPerAddress: Int
    let maximumEventStreams: Int
    private var entries: [Int32: Entry] = [:]
    private var clock: UInt64 = 0

    init(limits: HTTPServer.Limits) {
        maximumConnections = max(1, limits.maximumConnections)
        maximumConnectionsPerAddress = max(1, limits.maximumConnectionsPerAddress)
        maximumEventStreams = max(1, limits.maximumEventStreams)
    }

    /// The phase of connection `fd`, nil when it is not in the table.
    func phase(of fd: Int32) -> Phase? { entries[fd]?.phase }

    /// How many connections are in `phase`.
    func count(_ phase: Phase) -> Int { entries.values.filter { $0.phase == phase }.count }

    /// Takes in a new connection from `address`, closing others to make room when needed.
    mutating func admit(_ fd: Int32, address: String) -> Admission {
        var closing: [Int32] = []
        let own = requests(from: address)
        if own >= maximumConnectionsPerAddress {
            guard let victim = oldestReadingHead(from: address) else { return .refused }
            close(victim, into: &closing)
        } else if requestCount >= maximumConnections {
            guard let victim = victimWhenFull() else { return .refused }
            close(victim, into: &closing)
        }
        clock += 1
        entries[fd] = Entry(address: address, order: clock, phase: .readingHead)
        return .admitted(closing: closing)
    }

    /// Connection `fd` has sent its whole head.
    mutating func startAnswering(_ fd: Int32) {
        guard entries[fd]?.phase == .readingHead else { return }
        entries[fd]?.phase = .answering
    }

    /// Connection `fd` becomes an event stream; returns the streams to close, oldest first.
    mutating func startStreaming(_ fd: Int32) -> [Int32] {
        guard let phase = entries[fd]?.phase, phase != .closing, phase != .streaming else { return [] }
        clock += 1
        entries[fd]?.phase = .streaming
        entries[fd]?.order = clock
        var closing: [Int32] = []
        let streams = entries.filter { $0.value.phase == .streaming }.sorted { $0.value.order < $1.value.order }
        for (victim, _) in streams.prefix(max(0, streams.count - maximumEventStreams)) { close(victim, into: &closing) }
        return closing
    }

    /// Connection `fd` is gone.
    mutating func remove(_ fd: Int32) { entries.removeValue(forKey: fd) }

    // MARK: Choosing whom to close

    private var requestCount: Int { entries.values.filter { $0.phase == .readingHead || $0.phase == .answering }.count }

    private func requests(from address: String) -> Int {
        entries.values.filter { $0.address == address && ($0.phase == .readingHead || $0.phase == .answering) }.count
    }

    private func oldestReadingHead(from address: String?) -> Int32? {
        entries.filter { $0.value.phase == .readingHead && (address == nil || $0.value.address == address) }
            .min { $0.value.order < $1.value.order }?.key
    }

    /// The oldest connection reading its head, of the address with the most requests among
    /// those that have one reading its head.
    private func victimWhenFull() -> Int32? {
        var perAddress: [String: Int] = [:]
        for entry in entries.values where entry.phase == .readingHead || entry.phase == .answering {
            perAddress[entry.address, default: 0] += 1
        }
        let candidates = Set(entries.values.filter { $0.phase == .readingHead }.map(\.address))
        guard let greediest = candidates.max(by: { (perAddress[$0] ?? 0, $0) < (perAddress[$1] ?? 0, $1) }) else { return nil }
        return oldestReadingHead(from: greediest)
    }

    private mutating func close(_ fd: Int32, into closing: inout [Int32]) {
        entries[fd]?.phase = .closing
        closing.append(fd)
    }
}
