import Foundation

// The Swift side of the stdlib folder: SwiftPM ships this folder's Lua modules as the
// `StyleRunStdlib` target's resources, and this finds them at run time.

/// Where the stdlib's modules are in the resource bundle built beside the program.
///
///     StdlibResources.folder    // ".../stylerun_StyleRunStdlib.resources", holding base.lua
///
/// SwiftPM puts a target's resources in a `<package>_<target>.resources` folder beside the
/// executable (or the test bundle). The package's name in it depends on how a host names the
/// dependency, so any folder ending in `_StyleRunStdlib.resources` with a `base.lua` is taken.
public enum StdlibResources {
    public static let folder: String? = {
        #if canImport(Darwin)
        // An app bundle or a test bundle on Apple platforms: SwiftPM's own accessor knows
        // where it put the resources (inside the app, not beside an executable).
        return Bundle.module.url(forResource: "base", withExtension: "lua")?.deletingLastPathComponent().path
        #else
        // Linux: SwiftPM's `Bundle.module` stops the program when the bundle is not beside the
        // executable or in the build folder, so the places are looked at here instead.
        let fm = FileManager.default
        // The usual place first, without Bundle or listing the folder (a tenth of a short
        // run's start): `stylerun_StyleRunStdlib.resources` beside the running executable.
        if let executable = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let folder = (executable as NSString).deletingLastPathComponent + "/stylerun_StyleRunStdlib.resources"
            if fm.fileExists(atPath: folder + "/base.lua") { return folder }
        }
        var places = [Bundle.main.bundleURL]
        if let executable = CommandLine.arguments.first {
            places.append(URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for place in places {
            guard let entries = try? fm.contentsOfDirectory(atPath: place.path) else { continue }
            for entry in entries.sorted() where entry.hasSuffix("_StyleRunStdlib.resources") {
                let folder = place.appendingPathComponent(entry)
                if fm.fileExists(atPath: folder.appendingPathComponent("base.lua").path) { return folder.path }
            }
        }
        return nil
        #endif
    }()
}
