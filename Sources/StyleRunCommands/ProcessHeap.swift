import CProcessHeap
import Foundation

/// The heap of a process that styles one tree, prints it and exits (`stylerun FILE.lua`, and
/// its isolated child): grown at once into a region the kernel may back with transparent huge
/// pages (`srheap_grow_in_huge_pages`).
///
/// Such a run touches its heap once, page by page: at 10,000 views, 5,100 page faults of about
/// 2.7 µs each were a ninth of the run (docs/BENCHMARKS.md, "Page faults"). With the region
/// advised, about 1,400. `STYLERUN_HUGE_PAGES=0` leaves the heap as the C library has it.
/// Not for a process that lives on (watch, the preview, the language server): the heap keeps
/// what it was given until the exit.
enum ProcessHeap {
    /// Room for a script of `scriptBytes` run under a memory limit of `memoryLimit` bytes: the
    /// 10,012-view screen (680 KB) grows the heap by some 30 MB, 45 times its text, so 64 times
    /// the text, at least 64 MiB and at most 1 GiB, in address space only. At most a quarter
    /// of the memory limit: an isolated child's address space is bounded by the limit
    /// × 1.25 + 512 MiB (REFERENCE §2.6), and room set aside but not used must not make that
    /// backstop trip before the memory limit does.
    static func reserve(forScriptOf scriptBytes: Int, memoryLimit: Int) -> Int {
        let wanted = scriptBytes > (1 << 40) ? 1 << 30 : max(scriptBytes * 64, 64 << 20)
        return min(wanted, 1 << 30, max(memoryLimit, 0) / 4)
    }

    /// Prepares the heap for styling the script at `path` under `memoryLimit`; returns the
    /// bytes advised (0 when disabled or refused: the run goes on with the heap as it was).
    @discardableResult
    static func prepare(forScriptAt path: String, memoryLimit: Int,
                        environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        guard environment["STYLERUN_HUGE_PAGES"] != "0" else { return 0 }
        var info = stat()
        let bytes = stat(path, &info) == 0 ? Int(info.st_size) : 0
        return srheap_grow_in_huge_pages(reserve(forScriptOf: bytes, memoryLimit: memoryLimit))
    }
}
