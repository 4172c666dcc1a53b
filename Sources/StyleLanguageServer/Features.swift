import StyleCore
import StyleRun

/// What every request family shares: the schema, the API catalog and the workspace.
struct Features {
    let schema: SchemaInfo
    let catalog: APICatalog
    let workspace: Workspace
    var resolver: MemberResolver { MemberResolver(workspace: workspace) }

    /// These features with the kinds a script declares (`kind("GradientView", View, {…})`)
    /// added to the schema, registered as the runtime registers them.
    func declaring(_ index: DocumentIndex?) -> Features {
        guard let index, !index.declaredKinds.isEmpty else { return self }
        var schema = self.schema.schema
        for declared in index.declaredKinds {
            guard let superKind = schema.kind(named: declared.superKind) else { continue }
            let properties = declared.properties.compactMap { name, type in
                ValueType(parsing: type).map { PropertyDeclaration.value(name, $0) }
            }
            // A declaration the runtime would refuse is already a diagnostic; it adds no kind.
            _ = try? schema.register(declared.name, superKind: superKind, doc: "Declared in this script.", properties: properties)
        }
        return Features(schema: SchemaInfo(schema: schema), catalog: catalog, workspace: workspace)
    }
}
