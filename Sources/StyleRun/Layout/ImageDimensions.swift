import Foundation
import StyleCore

/// The size in points of an image a script names (`image "logo"`), read from its file's header
/// in the script's folder: PNG, JPEG and GIF. `name@3x.png` is a third of its pixels, as
/// `UIImage(named:)` scales it, `name@2x.png` a half; the name as given, then `@3x`, `@2x` and
/// the plain name are tried with each extension. A colour image (`image.color`) or a name with
/// no readable file has no size (layout gives it 0 × 0).
public struct ImageDimensions: Sendable {
    public let folder: String
    public static let extensions = ["png", "jpg", "jpeg", "gif"]

    public init(folder: String) { self.folder = folder }

    public func size(of image: Image) -> Size? {
        guard case .named(let name) = image, Self.isPlainName(name) else { return nil }
        let lower = name.lowercased()
        var candidates: [(String, Double)] = []
        if Self.extensions.contains(where: { lower.hasSuffix("." + $0) }) {
            let scale: Double = lower.contains("@3x.") ? 3 : lower.contains("@2x.") ? 2 : 1
            candidates = [(name, scale)]
        } else {
            for ext in Self.extensions { candidates += [("\(name)@3x.\(ext)", 3), ("\(name)@2x.\(ext)", 2), ("\(name).\(ext)", 1)] }
        }
        for (file, scale) in candidates {
            let path = (folder as NSString).appendingPathComponent(file)
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            defer { try? handle.close() }
            // A header is in the first few kilobytes (a JPEG's frame may follow its metadata).
            guard let data = try? handle.read(upToCount: 1 << 16),
                  let pixels = Self.pixelSize(of: [UInt8](data)) else { continue }
            return Size(width: pixels.width / scale, height: pixels.height / scale)
        }
        return nil
    }

    /// A name of the script's folder: no path separators, no `..`, not hidden.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".") && !name.contains("\0")
    }

    /// Width and height in pixels from a PNG's IHDR, a GIF's screen descriptor or a JPEG's
    /// start-of-frame marker; nil for anything else.
    static func pixelSize(of bytes: [UInt8]) -> Size? {
        func be16(_ i: Int) -> Double { Double(Int(bytes[i]) << 8 | Int(bytes[i + 1])) }
        func be32(_ i: Int) -> Double { Double(Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])) }
        if bytes.count >= 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return Size(width: be32(16), height: be32(20))
        }
        if bytes.count >= 10, bytes[0..<3].elementsEqual(Array("GIF".utf8)) {
            return Size(width: Double(Int(bytes[6]) | Int(bytes[7]) << 8), height: Double(Int(bytes[8]) | Int(bytes[9]) << 8))
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                let length = Int(be16(i + 2))
                // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC) hold the frame's size.
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return Size(width: be16(i + 7), height: be16(i + 5))
                }
                guard length >= 2 else { return nil }
                i += 2 + length
            }
        }
        return nil
    }
}
