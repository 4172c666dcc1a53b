import StyleRun

// The host that docs/SWIFT.md builds, as declarations: its kind, its views, its screen and its
// actor. Every block of Swift in the guide is a run of lines of this folder (GuideSnippetTests).

// In a file that imports SwiftUI or UIKit too, stylerun's types are named through the module.
typealias StyleView = StyleRun.View
typealias StyleColor = StyleRun.Color
typealias StyleFont = StyleRun.Font

enum AvatarShape: String, CaseIterable, StyleEnum {
    case circle, squircle
}

enum AvatarView {
    static let ringColor = PropertyKey<Color?>("ringColor")
    static let diameter = PropertyKey<Double>("diameter")
    static let shape = PropertyKey<AvatarShape>("shape")
}

func makeRuntime() throws -> (runtime: Runtime, avatar: Kind) {
    let runtime = Runtime()
    let avatar = try runtime.register("AvatarView", superKind: .view, doc: "A round profile photo.", properties: [
        .key(AvatarView.ringColor, doc: "Ring around the photo."),
        .key(AvatarView.diameter, default: 40, range: .nonNegative, doc: "Width and height, in points."),
        .key(AvatarView.shape, doc: "Outline of the photo."),
    ])
    return (runtime, avatar)
}

func makeProfile(avatar: Kind, tags: [String]) -> View {
    View(.stackView, id: "profile", classes: ["card"]) {
        View(avatar, id: "avatar")
        View(.label, id: "name", classes: ["title"], Label.text("Ada Lovelace"), Label.numberOfLines(2))
        View(.button, id: "follow", classes: ["primary"], Button.title("Follow"))
        for tag in tags {
            View(.label, classes: ["tag"], Label.text(tag))
        }
    }
}

/// The host's own views: plain objects here, UIKit views in an app.
class HostView {
    var backgroundColor: Color?
    var cornerRadius = 0.0
}

final class HostLabel: HostView {
    var text: String?
    var textColor = Color.white
    var font = Font.system(12)
}

final class HostButton: HostView {
    var title: String?
    var titleColor: Color?
}

func makeBinder() -> StyleBinder {
    let binder = StyleBinder()
    binder.bind(View.backgroundColor) { (view: HostView, color) in view.backgroundColor = color }
    binder.bind(View.layer.cornerRadius) { (view: HostView, radius) in view.cornerRadius = radius }
    binder.bind(Label.text) { (label: HostLabel, text) in label.text = text }
    binder.bind(Label.textColor) { (label: HostLabel, color) in label.textColor = color }
    binder.bind(Label.font) { (label: HostLabel, font) in label.font = font }
    binder.bind(Button.title) { (button: HostButton, title) in button.title = title }
    binder.bind(Button.titleColor) { (button: HostButton, color) in button.titleColor = color }
    return binder
}

/// A host's own colour type, as `UIColor` is in an app.
struct HostColor: StyleConvertible, Equatable {
    let red, green, blue, alpha: Double
    init(styleValue color: Color) { (red, green, blue, alpha) = (color.red, color.green, color.blue, color.alpha) }
}

/// Host views that share a protocol take one setter for all of them.
protocol Tinted: AnyObject {
    var tint: HostColor? { get set }
}

final class HostBadge: Tinted {
    var text: String?
    var lines = 1
    var tint: HostColor?
}

func bindBadges(_ binder: StyleBinder) {
    binder.bind(Label.text, to: \HostBadge.text)              // the key's own type
    binder.bind(Label.numberOfLines, to: \HostBadge.lines)
    binder.bind(View.tintColor) { (view: any Tinted, color) in view.tint = color.map(HostColor.init(styleValue:)) }
}

@MainActor
final class ProfileScreen {
    let root: View
    let binder = makeBinder()
    let name = HostLabel()
    let follow = HostButton()
    private(set) var handle: WatchHandle?
    private(set) var events: [ReloadEvent] = []

    init(root: View) {
        self.root = root
        binder.attach(name, to: root.children[1])
        binder.attach(follow, to: root.children[2])
    }

    func start(_ runtime: Runtime) {
        handle = runtime.watch(file: "styles/app.lua", tree: root, binder: binder) { [weak self] event in
            self?.events.append(event)    // on the main actor, like the rest of the screen
        }
    }

    func addTag(_ text: String) throws(DiagnosticList) -> View {
        let tag = View(.label, classes: ["tag"], Label.text(text))
        root.addChild(tag)
        try handle?.apply(to: tag)
        return tag
    }
}

actor StyleService {
    private let runtime: Runtime
    private let avatar: Kind
    private var sheet: LoadedStylesheet?

    init() throws {
        (runtime, avatar) = try makeRuntime()
    }

    func load(_ path: String, theme: String? = nil) throws(DiagnosticList) -> [String] {
        let sheet = try runtime.load(file: path, theme: theme)
        self.sheet = sheet
        return sheet.themeNames
    }

    /// Builds and styles a profile inside the actor; only values leave it.
    func styledProfile(tags: [String]) throws(DiagnosticList) -> (snapshot: TreeSnapshot, explained: [PropertyExplanation]) {
        let root = makeProfile(avatar: avatar, tags: tags)
        try sheet?.apply(to: root)
        return (TreeSnapshot(root), explain(root.children[1]))
    }
}
