import StyleCore
import StyleLua
import XCTest

/// A Lua state's allocator: small blocks come from the state's own slabs (by size class), larger
/// ones from malloc, and a block moves between the two as Lua resizes it. These scripts resize
/// strings, tables and buffers across that line and check every byte they wrote, and churn
/// through far more memory than the limit while holding little of it.
final class StateMemoryTests: XCTestCase {
    private func label(of script: String, limits: Limits = .default) throws -> String {
        let options = EvaluationOptions(limits: limits, stdlibPaths: [stdlibPath])
        switch evaluateAndStyle(script, options: options) {
        case .failed(let diagnostics):
            XCTFail("the script failed:\n" + diagnostics.map(\.description).joined(separator: "\n"))
            return ""
        case .styled(let root, _):
            guard case .string(let text) = try root.value(at: "text") else {
                XCTFail("no text on \(root.kind.name)")
                return ""
            }
            return text
        }
    }

    func testBlocksResizedAcrossEverySizeKeepWhatWasWritten() throws {
        // Tables grow one slot at a time from empty to past the small blocks' largest (their
        // array part is reallocated at each power of two), then shrink when rehashed; strings
        // of every length from 1 to 1,100 bytes are made, kept, and read back; a buffer grows
        // through table.concat.
        let text = try label(of: """
            -- The sandbox has no collectgarbage: garbage made in a loop runs the collector.
            local function churn() for i = 1, 300000 do local _ = { i } end end
            local tables, strings = {}, {}
            for n = 1, 200 do
              local t = {}
              for i = 1, n do t[i] = i * 7 + n end
              tables[n] = t
            end
            for length = 1, 1100 do
              strings[length] = string.rep(string.char(65 + length % 26), length)
            end
            local pieces = {}
            for i = 1, 3000 do pieces[i] = tostring(i) end
            local joined = table.concat(pieces, ",")
            churn()
            for n = 1, 200 do
              local t = tables[n]
              assert(#t == n, "table " .. n .. " has " .. #t .. " slots")
              for i = 1, n do assert(t[i] == i * 7 + n, "table " .. n .. " slot " .. i) end
              for i = n, 2, -1 do t[i] = nil end  -- shrinks at the next rehash
              t.key = n
            end
            churn()
            for n = 1, 200 do assert(tables[n][1] == 7 + n and tables[n].key == n, "shrunk table " .. n) end
            for length = 1, 1100 do
              local s = strings[length]
              assert(#s == length and s == string.rep(string.char(65 + length % 26), length), "string " .. length)
            end
            local back = {}
            for piece in joined:gmatch("[^,]+") do back[#back + 1] = tonumber(piece) end
            assert(#back == 3000 and back[1] == 1 and back[3000] == 3000, "the joined buffer")
            return Label { text = "checked " .. #tables .. " " .. #strings .. " " .. #back }
            """)
        XCTAssertEqual(text, "checked 200 1100 3000")
    }

    func testMemoryFreedByTheCollectorIsGivenBackToTheBudget() throws {
        // 400 MiB made over the run, under 1 MiB held at a time, with an 8 MiB limit: what the
        // collector frees (small blocks and large ones alike) must come off the memory used.
        let text = try label(of: """
            local kept = 0
            for round = 1, 2000 do
              local t = {}
              for i = 1, 100 do t[i] = { i, tostring(i) } end
              local big = string.rep("x", 100000 + round)
              kept = kept + #t + (#big > 0 and 1 or 0)
            end
            return Label { text = tostring(kept) }
            """, limits: Limits(memory: 8 << 20))
        XCTAssertEqual(text, "202000")
    }

    func testSmallBlocksHeldPastTheLimitStillTripIt() {
        // Only blocks under the pool's size: the limit counts them as it counts malloc's.
        let options = EvaluationOptions(limits: Limits(memory: 8 << 20), stdlibPaths: [stdlibPath])
        guard case .failed(let diagnostics) = evaluateAndStyle("""
            local held = {}
            for i = 1, 10000000 do held[#held + 1] = { i } end
            return Label {}
            """, options: options) else {
            return XCTFail("10 million small tables fit in 8 MiB")
        }
        XCTAssertTrue(diagnostics.contains { $0.code == .limitExceeded && $0.message.contains("memory limit") },
                      diagnostics.map(\.description).joined(separator: "\n"))
    }
}
