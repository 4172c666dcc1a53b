import Foundation
import StyleRun

// A host that mirrors a styled headless tree into its own plain Swift objects and follows
// reloads: `HostMirror STYLESHEET [--reloads N]` prints the mirror after the first styling, then
// after each of N reloads (saves of the stylesheet or of a module it requires), then exits.

enum AvatarView {
    static let ringColor = PropertyKey<Color?>("ringColor")
    static let diameter = PropertyKey<Double>("diameter")
}

/// The host's views: what an app would draw, here plain objects.
class Mirror {
    let name: String
    var backgroundColor: Color?
    var cornerRadius = 0.0

    init(_ name: String) { self.name = name }

    var line: String {
        "\(name) background=\(backgroundColor?.hex ?? "none") radius=\(formatNumber(cornerRadius))"
    }
}

final class TextMirror: Mirror {
    var text = ""
    var color = Color.clear
    var fontSize = 0.0

    override var line: String { super.line + " text=\(text) color=\(color.hex) size=\(formatNumber(fontSize))" }
}

final class AvatarMirror: Mirror {
    var ring: Color?
    var diameter = 0.0

    override var line: String { super.line + " ring=\(ring?.hex ?? "none") diameter=\(formatNumber(diameter))" }
}

let arguments = CommandLine.arguments.dropFirst()
guard let stylesheet = arguments.first else {
    print("usage: HostMirror STYLESHEET [--reloads N]")
    exit(2)
}
let reloads = arguments.firstIndex(of: "--reloads").flatMap { Int(arguments[$0 + 1]) } ?? 0

let runtime = Runtime()
let avatarKind = try runtime.register("AvatarView", superKind: .view, properties: [
    .key(AvatarView.ringColor), .key(AvatarView.diameter, default: 40, range: .nonNegative),
])
let root = View(.stackView, id: "profile") {
    View(avatarKind, id: "avatar")
    View(.label, id: "name", classes: ["title"], Label.text("Ada Lovelace"))
    View(.button, id: "follow", classes: ["primary"], Button.title("Follow"))
}

let lint = Linter(runtime: runtime).lint(files: [stylesheet])
print("lint: \(lint.errors) errors with the host's kinds")

let binder = StyleBinder()
binder.bind(View.backgroundColor) { (mirror: Mirror, color) in mirror.backgroundColor = color }
binder.bind(View.layer.cornerRadius) { (mirror: Mirror, radius) in mirror.cornerRadius = radius }
binder.bind(Label.text) { (mirror: TextMirror, text) in mirror.text = text ?? "" }
binder.bind(Label.textColor) { (mirror: TextMirror, color) in mirror.color = color }
binder.bind(Label.font) { (mirror: TextMirror, font) in mirror.fontSize = font.size }
binder.bind(Button.title) { (mirror: TextMirror, title) in mirror.text = title ?? "" }
binder.bind(Button.titleColor) { (mirror: TextMirror, color) in mirror.color = color ?? .clear }
binder.bind(Button.titleLabel.font) { (mirror: TextMirror, font) in mirror.fontSize = font.size }
binder.bind(AvatarView.ringColor) { (mirror: AvatarMirror, color) in mirror.ring = color }
binder.bind(AvatarView.diameter) { (mirror: AvatarMirror, diameter) in mirror.diameter = diameter }

let mirrors: [Mirror] = [Mirror("profile"), AvatarMirror("avatar"), TextMirror("name"), TextMirror("follow")]
binder.attachTree(root) { [mirrors] view in mirrors.first { $0.name == view.id } }

@MainActor func show(_ title: String) {
    print(title)
    for mirror in mirrors { print("  " + mirror.line) }
    print("end")
    fflush(nil)    // a block at a time, also into a pipe
}

var events = 0
let handle = runtime.watch(file: stylesheet, tree: root, binder: binder) { event in
    events += 1
    switch event {
    case .reloaded(let ms, _, let changes):
        show("styled: \(changes.count) changes in \(ms < 1000 ? "under a second" : "\(ms) ms")")
    case .failed(_, let diagnostics):
        print(diagnostics.map(\.description).joined(separator: "\n"))
        print("end")
        fflush(nil)
    }
}
while events < reloads + 1 {
    try await Task.sleep(for: .milliseconds(10))
}
handle.stop()
