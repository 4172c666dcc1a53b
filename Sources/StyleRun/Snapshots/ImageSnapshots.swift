import Foundation

/// Screenshot snapshots: the screen's HTML render (`HTMLRenderer`) as a PNG beside the text
/// snapshot, compared within a tolerance.
///
///     let images = ImageSnapshotOptions(chromium: Chromium.find()!)
///     images.check(html: page, path: "screens/__snapshots__/home.lua@dark.png", update: false, ci: true)
///
/// A pixel differs when one of its channels differs by more than `threshold` (of 255); the
/// screenshot matches when at most `tolerance` percent of its pixels differ. On a difference
/// the diff image (the new screenshot faded, differing pixels in red) is written beside it as
/// `.diff.png`, and removed again once the screenshot matches. Missing screenshots follow the
/// text snapshots' rule.
public struct ImageSnapshotOptions: Sendable {
    public var chromium: Chromium
    /// The percentage of pixels that may differ (0 by default: any difference fails).
    public var tolerance: Double
    /// The most a channel may differ (0–255) for its pixel to count as equal.
    public var threshold: Int
    /// The browser window, in CSS pixels: the 375-point screen and the page's margins.
    public var width: Int
    public var height: Int

    public init(chromium: Chromium, tolerance: Double = 0, threshold: Int = 16, width: Int = 423, height: Int = 900) {
        self.chromium = chromium
        self.tolerance = tolerance
        self.threshold = threshold
        self.width = width
        self.height = height
    }

    /// Screenshots `html` and compares it with the PNG at `path`, writing as `update` and `ci` say.
    public func check(html: String, path: String, update: Bool, ci: Bool) -> ImageResult {
        let diffPath = String(path.dropLast(SnapshotFiles.imageExtension.count + 1)) + SnapshotFiles.diffImageSuffix
        var result = ImageResult(file: path, status: .matched)
        let shot: Data
        do throws(Chromium.Failure) {
            shot = try chromium.screenshot(html: html, width: width, height: height)
        } catch {
            return ImageResult(file: path, status: .failed, message: error.message)
        }
        switch SnapshotFileAccess.entry(at: path) {
        case .missing:
            if ci && !update { return ImageResult(file: path, status: .missing) }
            result.status = .recorded
            write(shot, to: path, result: &result)
            return result
        case .regularFile:
            break
        case let other:
            return ImageResult(file: path, status: .failed, message: SnapshotFileAccess.Problem.notAFile(path: path, entry: other).message)
        }
        let recorded: Data
        do throws(SnapshotFileAccess.Problem) {
            recorded = Data(try SnapshotFileAccess.read(path))
        } catch {
            return ImageResult(file: path, status: .failed, message: error.message)
        }
        let comparison: Chromium.Comparison
        do throws(Chromium.Failure) {
            comparison = try chromium.compare(recorded, shot, threshold: threshold)
        } catch {
            return ImageResult(file: path, status: .failed, message: error.message)
        }
        result.totalPixels = comparison.width * comparison.height
        result.differentPixels = comparison.differentPixels
        if let other = comparison.otherSize {
            result.message = "The screenshot is \(other.width)×\(other.height) pixels; the recorded one is \(comparison.width)×\(comparison.height)."
            result.differentPixels = result.totalPixels
        } else if Double(comparison.differentPixels) <= Double(result.totalPixels) * tolerance / 100 {
            remove(diffPath)
            return result
        }
        if update {
            result.status = .updated
            write(shot, to: path, result: &result)
            remove(diffPath)
        } else {
            result.status = .changed
            if let diff = comparison.diffImage {
                write(diff, to: diffPath, result: &result)
                if result.status == .changed { result.diffFile = diffPath }
            }
        }
        return result
    }

    private func write(_ data: Data, to path: String, result: inout ImageResult) {
        do throws(SnapshotFileAccess.Problem) {
            try SnapshotFileAccess.write(Array(data), to: path)
        } catch {
            result.status = .failed
            result.message = error.message
        }
    }

    /// Removes a diff image left by an earlier run; there being none is the usual case.
    private func remove(_ path: String) {
        guard SnapshotFileAccess.entry(at: path) != .missing else { return }
        do throws(SnapshotFileAccess.Problem) { try SnapshotFileAccess.delete(path) } catch {
            // Stale but harmless: it is never read, and the next difference overwrites it.
        }
    }
}
