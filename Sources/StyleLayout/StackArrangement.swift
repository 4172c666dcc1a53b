import StyleCore

/// A stack view's arranged views in its content box, as `UIStackView` places them: sizes along
/// the axis by the distribution, across it by the alignment, hidden views taking no space.
///
/// Given the content box's length along the axis (`main`) and across it (`cross`), or nil for
/// either to fit the content (a stack as tall as its views). Rectangles are local to the
/// content box, left to right; the pass mirrors them for a right-to-left layout.
struct StackArrangement {
    struct Item {
        let node: Int
        let isHidden: Bool
        var mainOffset = 0.0, mainSize = 0.0, crossOffset = 0.0, crossSize = 0.0
        var mainReason = LayoutReason.content, crossReason = LayoutReason.content
        let horizontal: Bool

        var widthReason: LayoutReason { horizontal ? mainReason : crossReason }
        var heightReason: LayoutReason { horizontal ? crossReason : mainReason }
    }

    let spec: StackSpec
    private(set) var items: [Item]
    /// The content's length along the axis and across it.
    private(set) var mainLength = 0.0
    private(set) var crossLength = 0.0

    var width: Double { spec.axis == .horizontal ? mainLength : crossLength }
    var height: Double { spec.axis == .horizontal ? crossLength : mainLength }

    func rect(of item: Item) -> Frame {
        spec.axis == .horizontal
            ? Frame(x: item.mainOffset, y: item.crossOffset, width: item.mainSize, height: item.crossSize)
            : Frame(x: item.crossOffset, y: item.mainOffset, width: item.crossSize, height: item.mainSize)
    }

    /// `explains`: whether each item gets its reasons (the placing pass's arrangement); an
    /// arrangement made only to measure a size leaves them empty, sparing their strings.
    init(pass: LayoutPass, stack: Int, spec: StackSpec, main: Double?, cross: Double?, widthLimit: Double?,
         explains: Bool = false) {
        self.spec = spec
        let horizontal = spec.axis == .horizontal
        let name = explains ? pass.view(stack).selectorDescription : ""
        items = pass.tree.children(of: stack).map { Item(node: $0, isHidden: pass.values(of: $0).isHidden, horizontal: horizontal) }
        let visible = items.indices.filter { !items[$0].isHidden }
        let alignment = spec.crossAlignment

        // Across a vertical stack first: each view's width decides its height (text wraps).
        if !horizontal {
            // A view's own width is needed only to fit the stack to it or to align it: a
            // given breadth filled asks none (measuring one is a stack's whole arrangement).
            var naturals: [Int: Double] = [:]
            if cross == nil || alignment != .fill {
                for i in visible { naturals[i] = pass.naturalWidth(of: items[i].node, maxWidth: cross ?? widthLimit) }
            }
            let length = cross ?? naturals.values.max() ?? 0
            crossLength = length
            for i in visible {
                let node = items[i].node
                if pass.fixedWidth(of: node) != nil {
                    items[i].crossSize = pass.fixedWidth(of: node)!
                    if explains { items[i].crossReason = pass.widthConstraintReason(of: node) }
                } else if alignment == .fill {
                    items[i].crossSize = length
                    if explains { items[i].crossReason = .alignmentFill(of: name) }
                } else {
                    items[i].crossSize = min(naturals[i]!, length)
                    if explains { items[i].crossReason = .aligned(spec.alignment, of: name) }
                }
            }
        }

        // Along the axis: each view's content, then the distribution.
        var naturals: [Double] = []
        var fixed: [Bool] = []
        for i in visible {
            let node = items[i].node
            if horizontal {
                naturals.append(pass.naturalWidth(of: node, maxWidth: main ?? widthLimit))
                fixed.append(pass.fixedWidth(of: node) != nil)
            } else {
                naturals.append(pass.height(of: node, width: items[i].crossSize))
                fixed.append(pass.fixedHeight(of: node, width: items[i].crossSize) != nil)
            }
        }
        let hugging = visible.map { Priorities.hugging(of: pass.role(of: items[$0].node)) }
        var distribution = Distribution(naturals: naturals, fixed: fixed, hugging: hugging,
                                        spacing: spec.spacing, length: main, kind: spec.distribution, stack: name,
                                        explains: explains)
        distribution.run()
        for (j, i) in visible.enumerated() {
            items[i].mainSize = distribution.sizes[j]
            guard explains else { continue }
            items[i].mainReason = fixed[j] && distribution.keepsFixed
                ? (horizontal ? pass.widthConstraintReason(of: items[i].node) : pass.heightConstraintReason(of: items[i].node))
                : distribution.reasons[j]
        }

        // Across a horizontal stack: each view's height at its width, then the alignment.
        if horizontal {
            var heights: [Int: Double] = [:]
            for i in visible { heights[i] = pass.height(of: items[i].node, width: items[i].mainSize) }
            if alignment == .firstBaseline || alignment == .lastBaseline {
                let last = alignment == .lastBaseline
                var baselines: [Int: Double] = [:]
                for i in visible {
                    baselines[i] = pass.baseline(of: items[i].node, size: Size(width: items[i].mainSize, height: heights[i]!), last: last)
                }
                let above = baselines.values.max() ?? 0
                var bottom = 0.0
                for i in visible {
                    items[i].crossOffset = above - baselines[i]!
                    items[i].crossSize = heights[i]!
                    if explains {
                        items[i].crossReason = pass.fixedHeight(of: items[i].node, width: items[i].mainSize) != nil
                            ? pass.heightConstraintReason(of: items[i].node)
                            : .baseline(last: last, of: name)
                    }
                    bottom = max(bottom, items[i].crossOffset + heights[i]!)
                }
                crossLength = cross ?? bottom
            } else {
                let length = cross ?? heights.values.max() ?? 0
                crossLength = length
                for i in visible {
                    let node = items[i].node
                    if let h = pass.fixedHeight(of: node, width: items[i].mainSize) {
                        items[i].crossSize = h
                        if explains { items[i].crossReason = pass.heightConstraintReason(of: node) }
                    } else if alignment == .fill {
                        items[i].crossSize = length
                        if explains { items[i].crossReason = .alignmentFill(of: name) }
                    } else {
                        items[i].crossSize = min(heights[i]!, length)
                        if explains { items[i].crossReason = .aligned(spec.alignment, of: name) }
                    }
                }
            }
        }

        // Across either axis: leading, centre or trailing in the cross length.
        if alignment != .firstBaseline && alignment != .lastBaseline {
            for i in visible {
                switch alignment {
                case .center: items[i].crossOffset = (crossLength - items[i].crossSize) / 2
                case .trailing: items[i].crossOffset = crossLength - items[i].crossSize
                default: items[i].crossOffset = 0
                }
            }
        }

        // Along the axis: offsets with the gaps; a hidden view sits where it would be, empty.
        var position = 0.0
        var j = 0
        for i in items.indices {
            if items[i].isHidden {
                items[i].mainOffset = position
                items[i].mainSize = 0
                items[i].crossOffset = 0
                items[i].crossSize = crossLength
                if explains { items[i].mainReason = .hidden(in: name) }
                if explains { items[i].crossReason = items[i].mainReason }
                continue
            }
            items[i].mainOffset = position
            position += items[i].mainSize
            if j < distribution.gaps.count { position += distribution.gaps[j] }
            j += 1
        }
        mainLength = main ?? position
    }
}
