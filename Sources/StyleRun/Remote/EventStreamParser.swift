/// Reads `text/event-stream` framing (the HTML standard's server-sent events) from bytes as they
/// arrive, within bounds.
///
///     var parser = EventStreamParser(maximumEventBytes: 1 << 20)
///     let events = try parser.consume(Array("event: sources\ndata: {…}\n\n".utf8))
///     events.first?.name    // "sources"
///
/// Lines end in CRLF, LF or CR (also when a CRLF is split between two reads); `data` lines are
/// joined with LF; comments (`: keep-alive`) and `id` and `retry` fields are read and ignored;
/// an event without a name is a `message`. A line or an event's data over `maximumEventBytes`
/// throws `TooLarge` instead of growing without end.
struct EventStreamParser {
    struct Event: Equatable {
        let name: String
        let data: String
    }

    struct TooLarge: Error, Equatable {}

    let maximumEventBytes: Int
    private var line: [UInt8] = []
    private var afterCR = false
    private var name = ""
    private var data: [UInt8] = []
    private var hasData = false

    init(maximumEventBytes: Int) {
        self.maximumEventBytes = maximumEventBytes
    }

    /// The events completed by `bytes`.
    mutating func consume(_ bytes: some Sequence<UInt8>) throws(TooLarge) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 10 { continue }
            }
            if byte == 10 || byte == 13 {
                afterCR = byte == 13
                if let event = try endLine() { events.append(event) }
                continue
            }
            guard line.count < maximumEventBytes else { throw TooLarge() }
            line.append(byte)
        }
        return events
    }

    private mutating func endLine() throws(TooLarge) -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            defer { name = ""; data = []; hasData = false }
            guard hasData else { return nil }
            return Event(name: name.isEmpty ? "message" : name, data: String(decoding: data, as: UTF8.self))
        }
        if line.first == UInt8(ascii: ":") { return nil }
        var field = line[...], value = line[line.endIndex...]
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        }
        switch String(decoding: field, as: UTF8.self) {
        case "event":
            name = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(10) }
            guard data.count + value.count <= maximumEventBytes else { throw TooLarge() }
            data += value
            hasData = true
        default:
            break  // id, retry and fields of later versions
        }
        return nil
    }
}
