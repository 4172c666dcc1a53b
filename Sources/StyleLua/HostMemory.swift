import CLuaShim
import StyleCore

// Swift memory a script causes, charged to its memory budget. Views and styles live in Swift,
// outside the Lua heap that the limiting allocator sees: a three-line loop building 300,000
// Labels, or a style composed with itself, would otherwise grow past `--memory` until the
// operating system stopped the process. Charged as they are made, they count as the heap does;
// past the limit, the trampoline raises the memory limit's error when the binding returns.
extension LuaVM {
    /// Adds `bytes` to the memory the script holds. Never given back: what a script made stays
    /// reachable from its stylesheet or tree for as long as the evaluation lives.
    func chargeHostMemory(_ bytes: Int) {
        budget.pointee.memoryUsed += size_t(max(bytes, 0))
    }
}

/// What the Swift objects a script makes cost, roughly: enough to bound them, not to account
/// for every byte.
enum HostMemory {
    /// A view: the object, its values (one per property) and its place among its parent's children.
    static func view(_ kind: Kind) -> Int { 160 + 48 * kind.properties.count }
    /// A style: the value and the operations or parts it holds itself (a `concat` shares its
    /// parts; a narrowed copy holds every operation).
    static func style(_ style: Style) -> Int { 96 + 64 * style.storedCount }
    /// A constructor literal or a style added to a view.
    static let entry = 96
}
