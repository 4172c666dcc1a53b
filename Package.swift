// swift-tools-version:6.0
import PackageDescription

/// The static archives Foundation needs, named for the linker: the compiler's autolink entries
/// name only the dynamic libraries' first level.
let staticFoundation = ["Foundation", "FoundationEssentials", "FoundationInternationalization", "_FoundationICU",
                        "_FoundationCShims", "_FoundationCollections", "CoreFoundation", "swiftDispatch", "dispatch",
                        "BlocksRuntime", "swiftSynchronization"]

let package = Package(
    name: "stylerun",
    // `Synchronization` (Mutex, Atomic) needs these; Linux has no minimum. Lua on Apple
    // platforms: docs/SWIFT.md, "Apple platforms".
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "StyleRun", targets: ["StyleRun"]),
        .executable(name: "stylerun", targets: ["StyleRunCLI"]),
        // An XCTest assertion that snapshots a host's styled views as `stylerun snapshot` does.
        .library(name: "StyleRunSnapshotTesting", targets: ["StyleRunSnapshotTesting"]),
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
        // The process heap's policy for one-off commands (transparent huge pages), in C as
        // glibc's malloc.h is not imported into Swift.
        .target(name: "CProcessHeap"),
        // Text shaping and font files for layout: HarfBuzz, FreeType and Fontconfig as Debian
        // installs them, each behind a small C shim of its own (scripts/setup installs them).
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CFreeTypeShim", dependencies: ["CFreeType"]),
        .target(name: "CHarfBuzzShim", dependencies: ["CHarfBuzz", "CFreeType"]),
        .target(name: "CFontconfigShim", dependencies: ["CFontconfig"]),
        // A hint to the processor that memory will be read soon (the restyle's walk).
        .target(name: "CCacheHint"),
        // Values, schema, views, styles, selectors, cascade, provenance. Knows nothing of Lua.
        .target(name: "StyleCore", dependencies: ["CCacheHint"]),
        // Frames for a styled tree, as UIKit would compute them; text measured through a protocol.
        .target(name: "StyleLayout", dependencies: ["StyleCore"]),
        // Text measured in real font files: Fontconfig finds them, FreeType loads, HarfBuzz shapes.
        .target(name: "StyleText", dependencies: ["StyleCore", "StyleLayout", "CHarfBuzz", "CFreeType", "CFontconfig",
                                                  "CHarfBuzzShim", "CFreeTypeShim", "CFontconfigShim"]),
        // W3C design-token (DTCG 2025.10) files: a JSON reader that keeps positions, groups,
        // aliases, types and resolver documents. Pure Swift over the core's values.
        .target(name: "DesignTokens", dependencies: ["StyleCore"]),
        // A Lua 5.4 parser with exact positions, for the static checks of `stylerun lint`.
        .target(name: "LuaSyntax"),
        // The embedded VM: sandbox, limits, bindings of the core to Lua.
        .target(name: "StyleLua", dependencies: ["StyleCore", "DesignTokens", "LuaSyntax", "CLua", "CLuaShim"]),
        // The public library: runtime, renderers and tools.
        // The stdlib's Lua modules as a resource bundle, so that every program built with the
        // library finds `require "base"` wherever it runs.
        .target(name: "StyleRunStdlib", path: "stdlib", resources: [.copy("base.lua"), .copy("types")]),
        .target(name: "StyleRun", dependencies: ["StyleCore", "DesignTokens", "StyleLua", "LuaSyntax", "StyleRunStdlib", "StyleLayout", "StyleText"]),
        // One file per command: parses arguments, owns signals, standard output and exit statuses.
        .target(name: "StyleRunCommands", dependencies: ["StyleCore", "StyleLayout", "StyleRun", "StylePreview", "StyleLanguageServer", "CProcessHeap"]),
        // The live preview: a small HTTP/1.1 server, its event stream, the page and its inspector.
        .target(name: "StylePreview", dependencies: ["StyleCore", "StyleLayout", "StyleRun"]),
        // The language server: JSON-RPC framing, the LSP methods, open documents; answers from the library.
        .target(name: "StyleLanguageServer", dependencies: ["StyleCore", "LuaSyntax", "StyleLua", "StyleRun"]),
        // `assertStyleSnapshot(of:)` for hosts' XCTest suites.
        .target(name: "StyleRunSnapshotTesting", dependencies: ["StyleRun"]),
        // Release builds link the Swift runtime and Foundation statically: resolving their symbols
        // at every start was half of a short run's instructions (docs/BENCHMARKS.md, "Start").
        // Not position-independent: a PIE's 18,000 relative relocations wrote 200 pages of
        // metadata at every start (the executable is then always at the same address).
        .executableTarget(name: "StyleRunCLI", dependencies: ["StyleRunCommands"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xclang-linker", "-no-pie"] + staticFoundation.flatMap { ["-Xlinker", "-l" + $0] }, .when(platforms: [.linux], configuration: .release))]),
        .executableTarget(name: "stylebench", dependencies: ["StyleCore", "StyleRun", "StyleLanguageServer", "StyleLayout", "StyleText"]),

        .testTarget(name: "StyleCoreTests", dependencies: ["StyleCore", "TestSupport"]),
        .testTarget(name: "StyleLayoutTests", dependencies: ["StyleLayout", "StyleText"]),
        .testTarget(name: "StyleTextTests", dependencies: ["StyleText"]),
        .testTarget(name: "LuaSyntaxTests", dependencies: ["LuaSyntax", "TestSupport"]),
        .testTarget(name: "DesignTokensTests", dependencies: ["DesignTokens"], exclude: ["Fixtures"]),
        .testTarget(name: "StyleLuaTests", dependencies: ["StyleLua"]),
        // The heap policy, run in child processes by a C probe (fork) so that the test process's
        // own heap is left as it is.
        .target(name: "HeapProbe", dependencies: ["CProcessHeap"], path: "Tests/HeapProbe"),
        .testTarget(name: "CProcessHeapTests", dependencies: ["CProcessHeap", "HeapProbe"]),
        // Tests mirror the sources: one target per layer or tool, sharing only snapshot files and a
        // seeded generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RenderTests", dependencies: ["StyleRun", "StyleLayout", "StyleText", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "LintTests", dependencies: ["StyleRun", "TestSupport"], exclude: ["Snapshots", "Accessibility/contrast_corpus.py"]),
        .testTarget(name: "WatchTests", dependencies: ["StyleRun", "TestSupport"]),
        .testTarget(name: "IsolationTests", dependencies: ["StyleRun"]),
        .testTarget(name: "StyleRunCommandsTests", dependencies: ["StyleRunCommands", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "CLITests", dependencies: ["StyleRun", "TestSupport"], exclude: ["Snapshots"]),
        // docs/SWIFT.md's snippets, compiled and run; examples/host built and run.
        .testTarget(name: "GuideTests", dependencies: ["StyleRun"]),
        .testTarget(name: "PreviewTests", dependencies: ["StylePreview", "StyleRun"]),
        .testTarget(name: "StyleLanguageServerTests", dependencies: ["StyleLanguageServer", "StyleRun"]),
        .testTarget(name: "SnapshotTests", dependencies: ["StyleRun", "StyleRunSnapshotTesting", "StyleLayout", "StyleText"], exclude: ["__snapshots__"]),
        // stylebench's translation of its workload into HTML and CSS for the Blink pairing.
        .testTarget(name: "StylebenchTests", dependencies: ["stylebench", "StyleRun"]),
    ]
)
