import Foundation
@testable import StyleRun
import XCTest

/// A temporary folder whose files the tests save the ways editors do.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Opens the existing file, truncates it and writes: the file keeps its inode.
    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: path(name), atomically: false, encoding: .utf8)
    }

    /// Writes a temporary file beside it and renames it over the original.
    func writeByRenaming(_ name: String, _ text: String) throws {
        let temporary = path(".\(name).\(UUID().uuidString).tmp")
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, path(name)) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Truncates to nothing, leaves it empty until `whileEmpty` returns (the watcher has seen
    /// the empty file), then writes.
    func truncateThenWrite(_ name: String, _ text: String, whileEmpty: () -> Void) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path(name)))
        try handle.truncate(atOffset: 0)
        try handle.synchronize()
        whileEmpty()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Deletes the file, leaves it missing until `whileMissing` returns (the watcher has seen
    /// it gone), then creates it again.
    func deleteThenCreate(_ name: String, _ text: String, whileMissing: () -> Void) throws {
        try FileManager.default.removeItem(atPath: path(name))
        whileMissing()
        try write(name, text)
    }
}

/// The events of one watch, recorded from the watch's queue and awaited from the test.
final class EventLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [ReloadEvent] = []

    func record(_ event: ReloadEvent) {
        condition.lock()
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }

    var all: [ReloadEvent] { condition.withLock { events } }
    var count: Int { condition.withLock { events.count } }

    /// The first event after the first `index` ones that satisfies `predicate`, waiting up to
    /// `timeout` for it; nil (and a test failure) when none came.
    @discardableResult
    func wait(after index: Int, timeout: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line,
              for predicate: (ReloadEvent) -> Bool) -> ReloadEvent? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        var checked = index
        while true {
            while checked < events.count {
                if predicate(events[checked]) { return events[checked] }
                checked += 1
            }
            guard condition.wait(until: deadline) else {
                XCTFail("No matching event within \(timeout) s; got \(events.dropFirst(index))", file: file, line: line)
                return nil
            }
        }
    }

}

extension ReloadEvent {
    /// The change of `property` on `view` this event reports, if any.
    func change(_ view: String, _ property: String) -> PropertyChange? {
        guard case .reloaded(_, _, let changes) = self else { return nil }
        return changes.first { $0.view == view && $0.property == property }
    }

    /// Whether it applied `value` (as `displayText` spells it) to `property` of `view`.
    func sets(_ view: String, _ property: String, to value: String) -> Bool {
        change(view, property)?.new.displayText == value
    }

    var files: [String] {
        guard case .reloaded(_, let files, _) = self else { return [] }
        return files
    }

    var diagnostics: [Diagnostic] {
        guard case .failed(_, let diagnostics) = self else { return [] }
        return diagnostics
    }
}

/// What every watch test starts from: a scratch folder, a serial queue for the watch's events,
/// an event log, and a host tree `StackView#root > Button#subscribe`.
class WatchTestCase: XCTestCase {
    var folder: ScratchFolder!
    let queue = DispatchQueue(label: "watch-tests")
    let log = EventLog()
    var root: View!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
        root = View(kind: Schema.stackView, id: "root")
        root.addChild(View(kind: Schema.button, id: "subscribe"))
    }

    override func tearDown() {
        folder = nil
    }

    /// Waits until the watch has handled every save made so far: reloaded and reported it, or
    /// found that it changes nothing. Tests assert "no reload" after this, not after a sleep.
    func settle(_ handle: WatchHandle, file: StaticString = #filePath, line: UInt = #line) {
        let idle = DispatchSemaphore(value: 0)
        handle.whenIdle { idle.signal() }
        if idle.wait(timeout: .now() + 60) == .timedOut {
            XCTFail("The watch did not settle within 60 s", file: file, line: line)
        }
    }
}
