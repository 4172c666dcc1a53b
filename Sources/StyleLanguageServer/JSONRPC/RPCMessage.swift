import StyleRun

/// A JSON-RPC 2.0 message as the language server receives it.
///
///     let message = try RPCMessage(parsing: #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
///     // .request(id: .number(1), method: "shutdown", params: .null)
public enum RPCMessage: Equatable, Sendable {
    case request(id: RequestID, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    /// A reply to a request the server sent; `error` is the error object when it failed.
    case response(id: RequestID, result: JSONValue?, error: JSONValue?)

    /// Reads one message's JSON text.
    ///
    /// - Throws: `RPCError.parseError` when the text is not JSON, `.invalidRequest` when it is
    ///   JSON but not a JSON-RPC message (the error carries the request's id when it had one).
    public init(parsing text: String) throws(RPCError) {
        let json: JSONValue
        do throws(JSONParseError) {
            json = try JSONValue(parsing: text)
        } catch {
            throw RPCError(.parseError, "The message is not JSON: \(error).")
        }
        try self.init(json)
    }

    public init(_ json: JSONValue) throws(RPCError) {
        guard case .object = json else { throw RPCError(.invalidRequest, "A message must be a JSON object.") }
        let id = json["id"].flatMap(RequestID.init)
        if let raw = json["id"], id == nil, raw != .null {
            throw RPCError(.invalidRequest, "A message id must be a number or a string.")
        }
        guard json["jsonrpc"] == .string("2.0") else {
            throw RPCError(.invalidRequest, "The message must have \"jsonrpc\": \"2.0\".", id: id)
        }
        let params = json["params"] ?? .null
        switch params {
        case .object, .array, .null: break
        default: throw RPCError(.invalidRequest, "The params must be an object or an array.", id: id)
        }
        if let method = json["method"] {
            guard case .string(let name) = method else {
                throw RPCError(.invalidRequest, "The method must be a string.", id: id)
            }
            if let id { self = .request(id: id, method: name, params: params) } else { self = .notification(method: name, params: params) }
            return
        }
        guard let id else { throw RPCError(.invalidRequest, "A message needs a method or an id.") }
        self = .response(id: id, result: json["result"], error: json["error"])
    }
}

/// A request's id: JSON-RPC allows numbers and strings.
public enum RequestID: Hashable, Sendable {
    case number(Int)
    case string(String)

    init?(_ json: JSONValue) {
        switch json {
        case .number(let n) where n == n.rounded() && abs(n) < 1e15: self = .number(Int(n))
        case .string(let s): self = .string(s)
        default: return nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .number(let n): .number(Double(n))
        case .string(let s): .string(s)
        }
    }
}

/// An error reply: a JSON-RPC or LSP error code and a sentence.
public struct RPCError: Error, Equatable, Sendable {
    public enum Code: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestCancelled = -32800
        case contentModified = -32801
    }

    public var code: Code
    public var message: String
    /// The id of the request it answers, when the message had a readable one.
    public var id: RequestID?

    public init(_ code: Code, _ message: String, id: RequestID? = nil) {
        self.code = code
        self.message = message
        self.id = id
    }

    public var json: JSONValue { ["code": .number(Double(code.rawValue)), "message": .string(message)] }
}

/// Builds the messages the server sends.
public enum RPCReply {
    public static func result(_ id: RequestID, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id.json, "result": result]
    }

    /// An error reply; `id` is null when the request's id could not be read.
    public static func error(_ id: RequestID?, _ error: RPCError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
    }

    public static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}
