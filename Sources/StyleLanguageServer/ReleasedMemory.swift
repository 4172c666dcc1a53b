#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory of a closed document back to the system.
///
/// glibc raises its threshold for mapping a block on its own each time a mapped block is freed,
/// so after the first large message a document's text, its line table and the next messages'
/// bodies came from the heaps of whichever threads read and parsed them, and a 6 MB document
/// left 25 MB resident after `didClose`. The server's process fixes the threshold instead
/// (`mapLargeBlocksApart`): every block of 128 KiB or more is a mapping of its own, returned
/// the moment it is freed, and `returnToSystem` trims what the heaps hold after a close.
/// Both functions are declared in `malloc.h`, which Swift's Glibc module does not import,
/// hence the look-ups.
public enum ReleasedMemory {
    #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private typealias Option = @convention(c) (Int32, Int32) -> Int32
    private static let trim: Trim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    private static let option: Option? = dlsym(nil, "mallopt").map { unsafeBitCast($0, to: Option.self) }
    /// `M_MMAP_THRESHOLD` in malloc.h.
    private static let mmapThreshold: Int32 = -3
    #endif

    /// For a process that is the language server (`stylerun lsp`): blocks of 128 KiB or more
    /// are mapped apart and unmapped when freed, however large the blocks freed before them.
    public static func mapLargeBlocksApart() {
        #if canImport(Glibc)
        _ = option?(mmapThreshold, 128 * 1024)
        #endif
    }

    static func returnToSystem() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
