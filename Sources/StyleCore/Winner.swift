/// The contribution that won one of a view's values (`View.winners`): its cascade step and the
/// line that wrote it. Winners of views styled by one engine with the same step and line have
/// equal `key`s, so a caller that formats them can format each once.
public struct Winner {
    let originIndex: UInt32
    let locationIndex: UInt32
    let table: ProvenanceTable

    /// The cascade step: `rule ".card Label"`, `appearance(Label)`, `literal`.
    public var origin: Origin { table.origins[Int(originIndex)] }
    /// The `mut`, `mver`, function line or literal that wrote it; nil for none.
    public var location: SourceLocation? {
        locationIndex == ProvenanceRecord.noLocation ? nil : table.locations[Int(locationIndex)]
    }
    /// Equal for winners of one provenance table with the same origin and location.
    public var key: WinnerKey {
        WinnerKey(table: ObjectIdentifier(table), origin: originIndex, location: locationIndex)
    }
}

/// What tells two `Winner`s apart: the table they were recorded in, their origin and location.
public struct WinnerKey: Hashable {
    let table: ObjectIdentifier
    let origin: UInt32
    let location: UInt32
}
