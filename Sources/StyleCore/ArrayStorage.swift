extension Array {
    /// Whether this array and `other` are one storage (two empty arrays without a storage of
    /// their own included): then they hold the same elements, without comparing them. A host's
    /// view keeps its lists from one restyle to the next.
    ///
    /// Compared by the reference each array holds, not through their buffers: two arrays alive
    /// at once with one storage have one count (it lives in the storage), and a restyle asks
    /// this of every view, whose lists' storages are mostly out of the cache.
    func hasStorage(of other: [Element]) -> Bool { storageIdentity == other.storageIdentity }

    /// The storage this array holds, as a number, read from the array itself: equal for arrays
    /// that share one storage while both are alive, and for empty arrays without a storage of
    /// their own.
    var storageIdentity: UInt { unsafeBitCast(self, to: UInt.self) }
}

