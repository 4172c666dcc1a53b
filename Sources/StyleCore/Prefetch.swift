import CCacheHint

/// Hints that memory will be read soon (`CCacheHint`): a walk over a tree's views and entries
/// asks for the objects of a view a few places ahead, so that their cache misses overlap the
/// work on the current view instead of each waiting alone (most were first touched inside a
/// reference count's atomic add). A hint changes no value: an address past the end is not
/// asked for, and none is retained.
extension Array where Element: AnyObject {
    /// Asks for the first `lines` cache lines of the object at `k`, when there is one.
    @inline(__always)
    func prefetchObject(at k: Int, lines: Int32) {
        withUnsafeBytes { bytes in
            guard k >= 0, k < bytes.count / MemoryLayout<Element>.stride else { return }
            srhint_prefetch(bytes.load(fromByteOffset: k * MemoryLayout<Element>.stride, as: UnsafeRawPointer.self), lines)
        }
    }

    /// Calls `body` with the object at `k`, unretained (it lives while the array does), when
    /// there is one: to ask for the storages it refers to.
    @inline(__always)
    func withObject(at k: Int, _ body: (Element) -> Void) {
        withUnsafeBytes { bytes in
            guard k >= 0, k < bytes.count / MemoryLayout<Element>.stride else { return }
            Unmanaged<Element>.fromOpaque(bytes.load(fromByteOffset: k * MemoryLayout<Element>.stride, as: UnsafeRawPointer.self))
                ._withUnsafeGuaranteedRef(body)
        }
    }
}

extension UnsafeBufferPointer {
    /// Asks for the cache line of the element at `k`, when there is one.
    @inline(__always)
    func prefetchElement(at k: Int) {
        guard k >= 0, k < count, let base = baseAddress else { return }
        srhint_prefetch(UnsafeRawPointer(base + k), 1)
    }
}

/// Asks for the first `lines` cache lines at `address`, a storage's reference as a number
/// (`Array.storageIdentity`); none for 0.
@inline(__always)
func prefetchStorage(_ address: UInt, lines: Int32) {
    if let pointer = UnsafeRawPointer(bitPattern: address) { srhint_prefetch(pointer, lines) }
}
