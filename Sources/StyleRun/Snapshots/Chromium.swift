import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium, for screenshots of `HTMLRenderer`'s page and for comparing two PNGs.
///
///     guard let chromium = Chromium.find() else { print("no Chromium"); return }
///     let png = try chromium.screenshot(html: page, width: 423, height: 900)
///     let comparison = try chromium.compare(recordedPNG, png)
///
/// Chromium also decodes and compares the images, so stylerun needs no PNG decoder: a
/// generated page holds both PNGs as `data:` URLs, draws each on a canvas, compares their
/// pixels with `getImageData`, paints a diff image, and writes the result into the page, which
/// `--dump-dom` prints. Each call starts its own browser with a fresh profile in a temporary
/// folder, under a wall-clock limit.
public struct Chromium: Sendable {
    /// The browser's executable.
    public var executable: String
    /// Seconds one browser run may take before it is killed.
    public var timeout: Double

    public init(executable: String, timeout: Double = 60) {
        self.executable = executable
        self.timeout = timeout
    }

    /// The names looked for on `PATH`, in order.
    public static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"]
    /// The environment variable that names the browser's executable, before `PATH` is searched.
    public static let variable = "STYLERUN_CHROMIUM"

    /// The browser named by `STYLERUN_CHROMIUM`, else the first of `names` on `PATH`; nil when
    /// there is none.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> Chromium? {
        if let named = environment[variable], !named.isEmpty {
            return access(named, X_OK) == 0 ? Chromium(executable: named) : nil
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders {
                let path = "\(folder)/\(name)"
                if access(path, X_OK) == 0 { return Chromium(executable: path) }
            }
        }
        return nil
    }

    /// A browser run that did not give what was asked.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Two images compared pixel by pixel.
    public struct Comparison: Sendable {
        public var width: Int
        public var height: Int
        /// The other image's size, when it differs (then nothing else is compared).
        public var otherSize: (width: Int, height: Int)?
        /// Pixels with a channel that differs by more than the threshold.
        public var differentPixels: Int
        /// The second image faded, with the differing pixels in red; nil when none differ.
        public var diffImage: Data?
    }

    /// A PNG screenshot of `html`, in a window of `width` × `height` CSS pixels at scale 1.
    public func screenshot(html: String, width: Int, height: Int) throws(Failure) -> Data {
        try withFolder { folder throws(Failure) in
            let page = folder + "/page.html", shot = folder + "/shot.png"
            try write(Data(html.utf8), to: page)
            let outcome = try run(["--window-size=\(width),\(height)", "--screenshot=\(shot)", "file://" + page], folder: folder)
            guard let png = FileManager.default.contents(atPath: shot), png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
                throw Failure(message: "Chromium made no screenshot\(Self.reason(outcome)).")
            }
            return png
        }
    }

    /// Compares two PNGs: a pixel differs when one of its channels (alpha included) differs by
    /// more than `threshold` (0–255).
    public func compare(_ a: Data, _ b: Data, threshold: Int = 16) throws(Failure) -> Comparison {
        try withFolder { folder throws(Failure) in
            let page = folder + "/compare.html"
            try write(Data(Self.comparisonPage(a, b, threshold: threshold).utf8), to: page)
            let outcome = try run(["--virtual-time-budget=30000", "--dump-dom", "file://" + page], folder: folder)
            let dom = String(decoding: outcome.stdout, as: UTF8.self)
            guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
                throw Failure(message: "Chromium did not compare the images\(Self.reason(outcome)).")
            }
            let text = dom[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            guard let json = try? JSONValue(parsing: text) else {
                throw Failure(message: "Chromium did not finish comparing the images (\(text.prefix(80))).")
            }
            if case .string(let error)? = json["error"] { throw Failure(message: "Chromium could not compare the images: \(error).") }
            guard case .number(let w)? = json["width"], case .number(let h)? = json["height"] else {
                throw Failure(message: "Chromium gave no comparison for the images.")
            }
            var comparison = Comparison(width: Int(w), height: Int(h), otherSize: nil, differentPixels: 0, diffImage: nil)
            if case .number(let w2)? = json["otherWidth"], case .number(let h2)? = json["otherHeight"] {
                comparison.otherSize = (Int(w2), Int(h2))
                return comparison
            }
            if case .number(let n)? = json["different"] { comparison.differentPixels = Int(n) }
            if case .string(let url)? = json["diff"], let comma = url.firstIndex(of: ",") {
                comparison.diffImage = Data(base64Encoded: String(url[url.index(after: comma)...]))
            }
            return comparison
        }
    }

    // MARK: Running the browser

    private func run(_ arguments: [String], folder: String) throws(Failure) -> ChildProcess.Outcome {
        var common = ["--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--no-default-browser-check",
                      "--disable-extensions", "--mute-audio", "--disable-dev-shm-usage", "--force-device-scale-factor=1",
                      "--font-render-hinting=none", "--user-data-dir=\(folder)/profile"]
        // Chromium refuses to run as root with its sandbox; the pages are stylerun's own.
        if geteuid() == 0 { common.append("--no-sandbox") }
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.SpawnError) {
            outcome = try ChildProcess.run(executable: executable, arguments: common + arguments,
                                           limits: .init(wallClock: timeout))
        } catch {
            throw Failure(message: "Chromium ('\(executable)') could not start: \(error).")
        }
        if case .timedOut(let seconds) = outcome.termination {
            throw Failure(message: "Chromium did not finish within \(Int(seconds)) seconds and was stopped.")
        }
        return outcome
    }

    private func withFolder<T>(_ body: (String) throws(Failure) -> T) throws(Failure) -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-chromium-\(UUID().uuidString)").path
        do throws(SnapshotFileAccess.Problem) {
            try SnapshotFileAccess.makeFolder(folder)
        } catch {
            throw Failure(message: error.message + " Chromium needs it as its temporary folder.")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }  // a leftover temporary folder harms nothing
        return try body(folder)
    }

    private func write(_ data: Data, to path: String) throws(Failure) {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw Failure(message: "Cannot write the page for Chromium at '\(path)'.")
        }
    }

    /// `: <first line of standard error>` when the browser said why, or the status.
    private static func reason(_ outcome: ChildProcess.Outcome) -> String {
        let lines = String(decoding: outcome.stderr, as: UTF8.self).split(separator: "\n")
        // Chromium logs harmless complaints (no D-Bus, no GPU); an error of its own names the page.
        if let line = lines.first(where: { !$0.contains("dbus") && !$0.contains("Fontconfig") && !$0.isEmpty }) {
            return ": " + line.prefix(200)
        }
        if case .exited(let status) = outcome.termination, status != 0 { return " (exit status \(status))" }
        if case .signaled(let signal) = outcome.termination { return " (signal \(signal))" }
        return ""
    }

    /// The page that compares two PNGs and writes `{"width", "height", "different", "diff"}`
    /// (or `{"otherWidth", "otherHeight"}` for images of different sizes, or `{"error"}`).
    static func comparisonPage(_ a: Data, _ b: Data, threshold: Int) -> String {
        """
        <!DOCTYPE html><html><body><pre id="result">pending</pre><script>
        const out = document.getElementById("result");
        function load(src) {
          return new Promise((ok, fail) => { const i = new Image(); i.onload = () => ok(i);
            i.onerror = () => fail(new Error("an image is not a PNG Chromium can decode")); i.src = src; });
        }
        function pixels(img, w, h) {
          const c = document.createElement("canvas"); c.width = w; c.height = h;
          const x = c.getContext("2d"); x.drawImage(img, 0, 0); return x.getImageData(0, 0, w, h).data;
        }
        (async () => {
          try {
            const [a, b] = await Promise.all([load("data:image/png;base64,\(a.base64EncodedString())"),
                                              load("data:image/png;base64,\(b.base64EncodedString())")]);
            const w = a.naturalWidth, h = a.naturalHeight;
            if (w !== b.naturalWidth || h !== b.naturalHeight) {
              out.textContent = JSON.stringify({width: w, height: h, otherWidth: b.naturalWidth, otherHeight: b.naturalHeight});
              return;
            }
            const p = pixels(a, w, h), q = pixels(b, w, h);
            const c = document.createElement("canvas"); c.width = w; c.height = h;
            const x = c.getContext("2d"), d = x.createImageData(w, h);
            let n = 0;
            for (let i = 0; i < p.length; i += 4) {
              let m = 0;
              for (let k = 0; k < 4; k++) m = Math.max(m, Math.abs(p[i + k] - q[i + k]));
              if (m > \(threshold)) { n++; d.data[i] = 255; d.data[i + 1] = 0; d.data[i + 2] = 0; d.data[i + 3] = 255; }
              else { const v = 255 - (255 - (q[i] + q[i + 1] + q[i + 2]) / 3) * 0.25;
                     d.data[i] = v; d.data[i + 1] = v; d.data[i + 2] = v; d.data[i + 3] = 255; }
            }
            x.putImageData(d, 0, 0);
            out.textContent = JSON.stringify({width: w, height: h, different: n, diff: n > 0 ? c.toDataURL("image/png") : null});
          } catch (e) {
            out.textContent = JSON.stringify({error: String(e.message || e)});
          }
        })();
        </script></body></html>
        """
    }
}
