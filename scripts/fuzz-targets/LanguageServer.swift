// libFuzzer target: the language server's framing and request dispatch over arbitrary bytes.
// A session is opened (initialize, initialized, one document), then the input is fed to the
// framing as if it came on standard input, and every frame is handled as `stylerun lsp`
// handles it. Nothing may crash or hang, and everything the server writes must be a framed
// JSON-RPC message. The evaluation is a pass that finds nothing, so no child is started.
// Built and run by scripts/fuzz.
import Foundation
import StyleRun
@testable import StyleLanguageServer

private struct NoEvaluation: DynamicPass {
    func check(file: String, source: String) -> [Diagnostic] { [] }
}

private let session: Data = {
    let document = """
        local é = "ü😀" -- ☃
        local t = themes { default = "a", a = { x = color "#F0F" } }
        rule("Button.primary", { alpha = 0.5, backgroundColor = rgb(255, 0, 0) })
        return StackView { axis = "verticl", View { backgroundColor = color.white } }
        """
    let messages: [JSONValue] = [
        ["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["capabilities": .object([])]],
        ["jsonrpc": "2.0", "method": "initialized", "params": .object([])],
        ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": "file:///fuzz.lua", "languageId": "lua", "version": 1, "text": .string(document)]]],
    ]
    return messages.map(MessageWriter.frame).reduce(Data(), +)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = LanguageServer.Options()
    options.dynamicPass = NoEvaluation()
    options.staticDelay = 0
    options.dynamicDelay = 0
    let server = LanguageServer(options: options, output: { frame in
        var reader = MessageReader()
        reader.append(frame)
        guard case .message(let body)? = reader.next(), reader.next() == nil,
              case .object? = try? JSONValue(parsing: String(decoding: body, as: UTF8.self)) else {
            fatalError("The server wrote something that is not one framed JSON object: \(frame.count) bytes")
        }
    }, log: { _ in })
    var framing = MessageReader()
    framing.append(session)
    // The input in a few reads, as a pipe delivers it, so that frames are cut anywhere.
    let input = Data(bytes: data, count: size)
    var start = 0
    while start <= input.count {
        let end = min(input.count, start + 1 + (input.count - start) / 2)
        framing.append(input.subdata(in: start..<end))
        while let frame = framing.next() { server.receive(frame) }
        start = end == input.count ? input.count + 1 : end
    }
    server.queue.sync {}
    return 0
}
