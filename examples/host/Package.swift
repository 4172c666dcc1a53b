// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HostMirror",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "stylerun", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "HostMirror", dependencies: [
            .product(name: "StyleRun", package: "stylerun"),
        ]),
    ]
)
