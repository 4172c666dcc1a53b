import StyleCore
import StyleLayout
import StyleText
import XCTest

/// Trees for layout cases, as Yoga's fixtures build theirs: fixed-size children are image
/// views whose image is named after its size (`"50x20"`), so they have an intrinsic size
/// (hugging 251, compression resistance 750) and no constraint; text is measured by
/// `UniformTextMeasurer` (a character is half an em, a line 1.2 em), so a 20-point "Hello" is
/// 50 × 24 and every frame below is worked out by hand.
enum Fixture {
    static func view(_ kind: Kind, _ id: String? = nil, _ properties: [String: Value] = [:], _ children: [View] = []) -> View {
        let v = View(kind: kind, id: id)
        for (path, value) in properties.sorted(by: { $0.key < $1.key }) {
            do { try v.set(path, value) } catch { preconditionFailure("fixture sets \(path): \(error.message)") }
        }
        for child in children { v.addChild(child) }
        return v
    }

    /// An image view of an intrinsic size.
    static func box(_ id: String, _ width: Int, _ height: Int, _ properties: [String: Value] = [:]) -> View {
        var p = properties
        p["image"] = .image(.named("\(width)x\(height)"))
        return view(Schema.imageView, id, p)
    }

    static func stack(_ id: String, _ properties: [String: Value], _ children: [View]) -> View {
        view(Schema.stackView, id, properties, children)
    }

    static func label(_ id: String, _ text: String, size: Double = 20, _ properties: [String: Value] = [:]) -> View {
        var p = properties
        p["text"] = .string(text)
        p["font"] = .font(.system(size))
        return view(Schema.label, id, p)
    }

    /// `"50x20"` is 50 × 20; any other name has no file.
    static func imageSize(_ image: Image) -> Size? {
        guard case .named(let name) = image else { return nil }
        let parts = name.split(separator: "x").compactMap { Double($0) }
        return parts.count == 2 ? Size(width: parts[0], height: parts[1]) : nil
    }

    static func layout(_ root: View, width: Double, direction: LayoutDirection = .leftToRight) -> Layout {
        LayoutEngine(measurer: UniformTextMeasurer(), imageSize: imageSize)
            .layout(root, options: LayoutOptions(width: width, layoutDirection: direction))
    }
}

extension XCTestCase {
    /// Asserts each view's frame, by id, to a hundredth of a point.
    func assertFrames(_ layout: Layout, _ expected: [String: Frame], file: StaticString = #filePath, line: UInt = #line) {
        var byID: [String: View] = [:]
        var pending = [layout.root]
        while let v = pending.popLast() {
            if let id = v.id { byID[id] = v }
            pending += v.children
        }
        for (id, frame) in expected.sorted(by: { $0.key < $1.key }) {
            guard let view = byID[id], let actual = layout.frame(of: view) else {
                XCTFail("no view '\(id)' in the layout", file: file, line: line)
                continue
            }
            XCTAssertTrue(actual.isClose(to: frame, tolerance: 0.01), "#\(id): \(actual), expected \(frame) (\(layout.layout(of: view)!.reason))",
                          file: file, line: line)
        }
    }
}

func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame { Frame(x: x, y: y, width: w, height: h) }
