/// What the cascades of a stylesheet keep between them: the rule index, the provenance table,
/// the value table, the results of appearances and rules (`MatchedResults`), the views' own
/// styles (`OwnStyles`) and how big the last tree was. A `Stylesheet` is only what a script declared;
/// an engine styles with one at a time, and a reload adopts the next (`adopt(_:)`), sharing
/// the table and, for the same selectors, the index. Freed with the engine.
///
///     let engine = StyleEngine(sheet)
///     Cascade(engine).apply(to: root)
///     engine.adopt(editedSheet)
///     let next = Cascade(engine).restyle(root, after: styled)
public final class StyleEngine {
    /// The stylesheet the cascades of this engine apply.
    public private(set) var stylesheet: Stylesheet
    private var cachedIndex: RuleIndex?
    /// Where the index records provenance; kept across adopted stylesheets, so that records a
    /// restyle keeps from the previous one read the same origins and locations.
    private(set) var provenanceTable = ProvenanceTable()
    /// The values the engine's prepared styles, constants and defaults intern (`ValueTable`),
    /// kept across adopted stylesheets and traits, freed with the engine and the views it
    /// styled, as Lua keeps its strings in its state. A restyle after a tree another engine
    /// styled takes that engine's table (`shareTables(of:provenance:values:)`).
    private(set) var valueTable: ValueTable
    /// How many views the tree last styled had: the room the cascade reserves for its lists
    /// next time, rather than growing them view by view.
    var lastTreeSize = 0
    /// The last cascade's ancestor filter, emptied, for the next one: its counters are 16 KiB
    /// that a cascade of one view (a state change) would otherwise allocate and zero.
    var spareAncestorFilter: AncestorFilter?
    /// The last walk's prefix path (`PrefixPath`), emptied, for the next walk of the same index.
    var sparePrefixPath: PrefixPath?
    /// How many match contexts that tree had (`MatchContexts`), and how many matches they
    /// kept between them, for the same reason.
    var lastContextCount = 0
    var lastContextMatchCount = 0
    /// One-off cascades in a row that numbered no match contexts (`Cascade.numbersContexts`).
    var cascadesWithoutContexts = 0
    /// The views' own styles the cascades have seen (`OwnStyles`).
    var ownStyles: OwnStyles?
    /// What appearances and rules gave the views of the last cascades (`MatchedResults`).
    var matchedResults: MatchedResults?
    /// The kinds' defaults resolved for `traits`.
    private(set) var defaults: ResolvedDefaults
    /// The stylesheet's appearances as the cascade applies them (`preparedAppearances(table:)`),
    /// and what they were prepared for: how many the stylesheet had, and the table. Dropped
    /// when another stylesheet is adopted or the traits change.
    private var cachedAppearances: (count: Int, table: ProvenanceTable, prepared: [PreparedAppearance])?

    /// The traits the cascades style for (SPEC §6.2): `when`s decide by them and every value
    /// written is resolved for them. Changing them drops what the cascades learned that can
    /// differ under others (styles prepared with a `when` of a trait or a dynamic value, the
    /// results they or trait-dependent defaults wrote) and keeps the rest; the next cascade
    /// visits every view, and a restyle after a tree styled under other traits restyles every
    /// view.
    ///
    ///     engine.traits.colorScheme = .dark
    ///     Cascade(engine).apply(to: root)
    public var traits: Traits {
        didSet {
            guard traits != oldValue else { return }
            defaults = ResolvedDefaults(traits: traits, values: valueTable)
            // What holds under any traits is kept: the results no trait could change, the
            // styles prepared that write the same (`PreparedStyle.dependsOnTraits`).
            matchedResults?.dropTraitDependent()
            ownStyles = ownStyles.map { $0.forTraits(traits) }
            cachedAppearances = nil
            cachedIndex = cachedIndex.flatMap { RuleIndex(stylesheet.rules, selectorsOf: $0, provenanceTable: provenanceTable, values: valueTable, traits: traits) }
        }
    }

    /// An engine for `stylesheet`, styling for `traits`.
    public convenience init(_ stylesheet: Stylesheet, traits: Traits = .default) {
        self.init(stylesheet, traits: traits, valueCapacity: ValueTable.defaultCapacity)
    }

    /// An engine whose value table holds at most `valueCapacity` values (a test fills it).
    init(_ stylesheet: Stylesheet, traits: Traits = .default, valueCapacity: Int) {
        self.stylesheet = stylesheet
        self.traits = traits
        valueTable = ValueTable(capacity: valueCapacity)
        defaults = ResolvedDefaults(traits: traits, values: valueTable)
    }

    /// `value` as a constant to write to views this engine styles
    /// (`StyleApplication.write(_:_:at:)`), made once: in place, or interned in the engine's
    /// value table, so writing it is one slot store. Written as it is, not resolved for traits.
    ///
    ///     let red = engine.constant(.color(.red))
    ///     application.write(Label.textColor.property, red, at: nil)
    public func constant(_ value: Value) -> StyleConstant {
        StyleConstant(value: value, stored: StoredValue(interning: value, in: valueTable), table: valueTable)
    }

    /// The stylesheet's rules bucketed for matching; built on first use, and again after a
    /// rule was added to the stylesheet (rules are only ever appended).
    public var ruleIndex: RuleIndex {
        if let cachedIndex, cachedIndex.rules.count == stylesheet.rules.count { return cachedIndex }
        let index = RuleIndex(stylesheet.rules, provenanceTable: provenanceTable, values: valueTable, traits: traits)
        cachedIndex = index
        return index
    }

    /// Adopts `stylesheet`, made from files whose lines moved by `lines` since the stylesheet
    /// it replaces was made (`LineMap`): the locations of everything styled so far move
    /// first, before the new stylesheet's are entered, so that the provenance of the views a
    /// restyle keeps (`Cascade.restyle(_:after:lines:)`) names the lines where their values
    /// are written now. Returns false, having moved nothing, when the engine has adopted the
    /// stylesheet already: the new stylesheet's locations may then have been taken for old
    /// ones, and a restyle must not be given the map.
    ///
    ///     guard engine.adopt(edited, movingLines: lines) else { … restyle without the map … }
    @discardableResult
    public func adopt(_ stylesheet: Stylesheet, movingLines lines: LineMap) -> Bool {
        guard stylesheet !== self.stylesheet else { return false }
        let moved = lines.isEmpty ? nil : provenanceTable.moveLines(lines)
        adopt(stylesheet)
        movedLines = moved
        return true
    }

    /// Moves back what the last `adopt(_:movingLines:)` moved: its restyle failed, and the
    /// views keep what the stylesheet before it gave them.
    public func takeBackMovedLines() {
        if let movedLines { provenanceTable.restore(movedLines) }
        movedLines = nil
    }

    /// Whether this engine records provenance into the table `styled`'s records point at (it
    /// styled that tree, or took its tables since): then only `adopt(_:movingLines:)` moves
    /// its lines.
    public func recordsProvenance(with styled: StyledTree) -> Bool {
        provenanceTable === styled.index.provenanceTable
    }

    /// The lines the locations this engine records into are at: the table and its lines'
    /// generation (each `adopt(_:movingLines:)` or restyle told how lines moved gives a new
    /// one). A stylesheet that entered its locations at one epoch and is used at another of
    /// the same table would find its rules at the lines they moved to, not at its own.
    public var lineEpoch: LineEpoch { LineEpoch(table: ObjectIdentifier(provenanceTable), generation: provenanceTable.linesGeneration) }

    public struct LineEpoch: Equatable, Sendable {
        let table: ObjectIdentifier
        let generation: Int

        /// Whether `now`, of the same table, has its locations at other lines than this.
        public func isOutdated(by now: LineEpoch) -> Bool { table == now.table && generation != now.generation }
    }

    /// The locations the last `adopt(_:movingLines:)` moved, with where they were.
    private var movedLines: ProvenanceTable.MovedLines?

    /// Styles with `stylesheet` from now on (a reload, a theme switch): the provenance table
    /// is kept, and an index of the same selectors is the previous one with the new styles.
    /// The previous stylesheet's results are dropped; the views' own styles, prepared into the
    /// same table, are kept.
    public func adopt(_ stylesheet: Stylesheet) {
        guard stylesheet !== self.stylesheet else { return }
        movedLines = nil
        let old = cachedIndex
        self.stylesheet = stylesheet
        matchedResults = nil
        cachedAppearances = nil
        cachedIndex = old.flatMap { RuleIndex(stylesheet.rules, selectorsOf: $0, provenanceTable: provenanceTable, values: valueTable, traits: traits) }
    }

    /// The stylesheet's appearances in the order they apply (super-kinds first, then source
    /// order), prepared for `traits` with their origins in `table`: worked out once, not at
    /// every cascade (a state change restyles one view). Appearances are only ever appended,
    /// so a count that changed prepares them again.
    func preparedAppearances(table: ProvenanceTable) -> [PreparedAppearance] {
        let appearances = stylesheet.appearances
        if let cached = cachedAppearances, cached.count == appearances.count, cached.table === table {
            return cached.prepared
        }
        let prepared = appearances.sorted { ($0.kind.depth, $0.order) < ($1.kind.depth, $1.order) }
            .map { PreparedAppearance($0, table: table, values: valueTable, traits: traits) }
        cachedAppearances = (appearances.count, table, prepared)
        return prepared
    }

    /// Interns into `index`'s value table from now on (`values`), and records provenance into
    /// its provenance table (`provenance`): a restyle after a tree another engine styled
    /// rebases views onto results of the table their values are of, and keeps records that
    /// point into that tree's table. What was prepared or kept with the engine's own value
    /// table is dropped (constants made before keep their table and are written as views' own
    /// values). The index is prepared again once, for both tables.
    func shareTables(of index: RuleIndex, provenance: Bool, values: Bool) {
        let takesProvenance = provenance && provenanceTable !== index.provenanceTable
        let takesValues = values && valueTable !== index.values
        guard takesProvenance || takesValues else { return }
        if takesValues {
            valueTable = index.values
            defaults = ResolvedDefaults(traits: traits, values: valueTable)
            matchedResults = nil
            ownStyles = nil
            cachedAppearances = nil
        }
        // The buckets of the index whose provenance table the engine now records into.
        let buckets = takesProvenance ? index : cachedIndex
        if takesProvenance { provenanceTable = index.provenanceTable }
        cachedIndex = buckets.flatMap { RuleIndex(stylesheet.rules, selectorsOf: $0, provenanceTable: provenanceTable, values: valueTable, traits: traits) }
    }
}
