#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory of a closed document back to the system.
///
/// glibc keeps freed memory in its arenas (one per thread that allocated), so a large document
/// parsed on the server's queue and evaluated on another thread left hundreds of megabytes
/// resident after `didClose`; `malloc_trim` returns the free pages of every arena. It is
/// declared in `malloc.h`, which Swift's Glibc module does not import, hence the look-up.
enum ReleasedMemory {
    #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    #endif

    static func returnToSystem() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
