import Foundation
import StyleRun

/// stylerun's match + apply beside Blink's style recalculation of the same tree and rules as HTML
/// and CSS (`BlinkPage`), alternately in one session: a browser round (timed by Chromium's trace,
/// through `scripts/blink-recalc.py`), then a stylerun round, and so on. Before timing, every
/// rule's and appearance's CSS selector must match the same elements as stylerun matches views
/// (count and positions), and Blink must accept every declaration; otherwise the row says so
/// and has no number.
struct BlinkBenchmark {
    let repository: String
    let quick: Bool

    /// (views, blocks): 310 rules at three sizes, then 3,010 rules.
    var configurations: [(views: Int, blocks: Int)] {
        quick ? [(1_000, 20), (10_000, 20), (10_000, 200)]
              : [(1_000, 20), (10_000, 20), (30_000, 20), (10_000, 200)]
    }

    func run() -> [Row] {
        let script = repository + "/scripts/blink-recalc.py"
        guard let chromium = Chromium.find() else { return [skipped("Chromium not found")] }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return [skipped("/usr/bin/python3 not found")] }
        guard FileManager.default.fileExists(atPath: script) else { return [skipped("\(script) not found")] }
        let driver: BrowserDriver
        do {
            driver = try BrowserDriver(script: script, browser: chromium.executable)
        } catch {
            return [skipped(error.message)]
        }
        defer { driver.quit() }
        let folder = NSTemporaryDirectory() + "stylebench-blink-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        var rows: [Row] = []
        // The BEM screen's targets: 0.5× below 1,000 rules, else 1×; the random workload's:
        // 0.5× up to 3,000 rules, 1× at 30,000.
        let workloads = configurations.map { c in
            let workload = Workload(views: c.views, blocks: c.blocks)
            return (workload, "", workload.rules.count < 1_000 ? 0.5 : 1.0)
        }
            + (quick ? [300, 3_000] : [300, 3_000, 30_000]).map { (Workload(randomViews: 10_000, rules: $0), " (random classes)", $0 <= 3_000 ? 0.5 : 1.0) }
        for (workload, shape, target) in workloads {
            let name = "match + apply vs Blink recalc, \(Table.count(Double(workload.viewCount))) views, "
                + "\(Table.count(Double(workload.rules.count))) rules\(shape)"
            progress("blink: \(workload.viewCount) views, \(workload.rules.count) rules…")
            do {
                rows.append(try measure(workload, name: name, target: target, driver: driver, folder: folder))
            } catch {
                rows.append(Row(section: "blink", measure: name, result: "not measured: \(error.message)"))
            }
        }
        return rows
    }

    private func skipped(_ reason: String) -> Row {
        Row(section: "blink", measure: "match + apply beside Blink's style recalculation", result: "skipped: \(reason)")
    }

    private func measure(_ workload: Workload, name: String, target: Double, driver: BrowserDriver, folder: String) throws(BrowserDriver.Failure) -> Row {
        let sheet = ScreenBenchmark.stylesheet(of: workload)
        let root = Trees.forCascade(workload)
        let page = BlinkPage(workload, sheet: sheet.stylesheet)
        let path = folder + "/page-\(workload.viewCount)-\(workload.rules.count).html"
        write(page.html, to: path)

        let loaded = try driver.send(["cmd": "load", "path": path])
        guard loaded["elements"] as? Int == page.elementCount, page.elementCount == workload.viewCount else {
            throw .init(message: "the page has \(loaded["elements"] ?? "?") elements, the tree \(workload.viewCount) views")
        }
        guard loaded["rules"] as? Int == page.selectors.count + 1 else {
            throw .init(message: "Blink read \(loaded["rules"] ?? "?") CSS rules of \(page.selectors.count + 1)")
        }
        let checked = try driver.send(["cmd": "check", "selectors": page.selectors, "declarations": page.declarations])
        if let unsupported = checked["unsupported"] as? [[String]], let first = unsupported.first {
            throw .init(message: "Blink rejects \(unsupported.count) declarations, e.g. \(first.joined(separator: ": "))")
        }
        let expected = Self.matches(sheet.stylesheet, root)
        guard let counts = checked["counts"] as? [Int], let hashes = checked["hashes"] as? [Int],
              counts.count == expected.count, hashes.count == expected.count else {
            throw .init(message: "the browser's match counts are missing")
        }
        for i in expected.indices where counts[i] != expected[i].count || hashes[i] != expected[i].hash {
            throw .init(message: "\(page.selectors[i]) matches \(counts[i]) elements, stylerun \(expected[i].count) views"
                        + (counts[i] == expected[i].count ? " (other ones)" : ""))
        }

        let rounds = quick ? 5 : 15, warmUp = 3
        var stylerun = Samples(), js = Samples()
        for round in 0..<(warmUp + rounds) {
            let browser = try driver.send(["cmd": "round"])
            let ms = milliseconds { apply(sheet, root) }
            if round >= warmUp {
                stylerun.append(ms)
                js.append(browser["js"] as? Double ?? .nan)
            }
        }
        let trace = try driver.send(["cmd": "collect", "rounds": rounds, "elements": page.elementCount])
        guard let recalcs = trace["recalc"] as? [Double], let styled = trace["styled"] as? [Int],
              let hits = trace["cacheHits"] as? [Int], recalcs.count == rounds else {
            throw .init(message: "the trace has no style recalculations")
        }
        guard styled.allSatisfy({ $0 >= page.elementCount }) else {
            throw .init(message: "Blink restyled \(styled.min() ?? 0) elements, not all \(page.elementCount)")
        }
        var blink = Samples(), ratios = Samples()
        for (b, s) in zip(recalcs, stylerun.values) {
            blink.append(b)
            ratios.append(s / b)
        }
        let ratio = stylerun.median / blink.median
        let cache = Double(hits.sorted()[hits.count / 2]) / Double(page.elementCount) * 100
        let styledText = Table.count(Double(styled.sorted()[styled.count / 2]))
        return Row(section: "blink", measure: name + " (Blink styled \(styledText), \(String(format: "%.0f", cache)) % cached, JS \(Table.ms(js.median)))",
                   result: Table.iqr(stylerun), baseline: "Blink \(Table.iqr(blink))",
                   ratio: Table.ratio(ratio) + " (IQR \(Table.ratio(ratios.q1))–\(Table.ratio(ratios.q3)))",
                   target: String(format: "≤ %.2f×", target), met: ratio <= target)
    }

    private func apply(_ sheet: LoadedStylesheet, _ root: View) {
        do {
            try sheet.apply(to: root, recordingProvenance: false)
        } catch {
            fail("the generated stylesheet does not apply:\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
        }
    }

    /// What stylerun matches, in the page's stylesheet order (appearances in cascade order, then
    /// rules): how many views, and a hash of their positions in tree order, as the driver hashes
    /// the elements `querySelectorAll` finds in document order.
    static func matches(_ sheet: Stylesheet, _ root: View) -> [(count: Int, hash: Int)] {
        var views: [View] = []
        root.forEachInTree { views.append($0) }
        let appearances = sheet.appearances.sorted { ($0.kind.depth, $0.order) < ($1.kind.depth, $1.order) }
        var result = Array(repeating: (count: 0, hash: 0), count: appearances.count + sheet.rules.count)
        func add(_ i: Int, _ position: Int) {
            result[i].count += 1
            result[i].hash = (result[i].hash * 1_000_003 + position + 1) % 2_147_483_647
        }
        let index = sheet.ruleIndex
        for (position, view) in views.enumerated() {
            for (i, a) in appearances.enumerated() where a.applies(to: view) { add(i, position) }
            // The cascade's own matching; views come in tree order, so each rule's list is too.
            for match in index.matches(for: view) { add(appearances.count + match.rule.order, position) }
        }
        return result
    }
}
