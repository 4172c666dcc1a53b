// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "stylerun",
    products: [
        .library(name: "StyleRun", targets: ["StyleRun"]),
        .executable(name: "stylerun", targets: ["StyleRunCLI"]),
    ],
    targets: [
        // Debian's liblua5.4-dev, found through pkg-config.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // The few C functions Swift cannot be: trampolines that raise Lua errors after Swift
        // has returned, the limiting allocator, the count hook, and Lua's macros.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // Values, schema, views, styles, selectors, cascade, provenance. Knows nothing of Lua.
        .target(name: "StyleCore"),
        // A Lua 5.4 parser with exact positions, for the static checks of `stylerun lint`.
        .target(name: "LuaSyntax"),
        // The embedded VM: sandbox, limits, bindings of the core to Lua.
        .target(name: "StyleLua", dependencies: ["StyleCore", "LuaSyntax", "CLua", "CLuaShim"]),
        // The public library: runtime, renderers and tools.
        .target(name: "StyleRun", dependencies: ["StyleCore", "StyleLua", "LuaSyntax"]),
        .executableTarget(name: "StyleRunCLI", dependencies: ["StyleRun"]),
        .executableTarget(name: "stylebench", dependencies: ["StyleRun"]),

        .testTarget(name: "StyleCoreTests", dependencies: ["StyleCore"]),
        .testTarget(name: "LuaSyntaxTests", dependencies: ["LuaSyntax"]),
        .testTarget(name: "StyleLuaTests", dependencies: ["StyleLua"]),
        .testTarget(name: "StyleRunTests", dependencies: ["StyleRun"], exclude: ["Snapshots"]),
        .testTarget(name: "CLITests", dependencies: ["StyleRun"]),
    ]
)
