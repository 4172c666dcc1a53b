import StyleRun

/// The preview's page: a toolbar (device width, theme, status), the screen as `HTMLRenderer`
/// draws it, and the script that keeps it live (`PreviewScript`).
///
///     PreviewPage.render(state, nonce: "3f2a…")
///
/// The page loads nothing from anywhere else: its style and script are inline, the script
/// allowed by a nonce in the Content-Security-Policy, which also limits connections and images
/// to the server itself.
public enum PreviewPage {
    /// The device widths to choose from, in points, with a phone of that width.
    public static let devices: [(width: Int, name: String)] = [
        (320, "iPhone SE (1st generation)"), (375, "iPhone SE, 8, 13 mini"), (390, "iPhone 12–14"),
        (430, "iPhone 14–15 Pro Max"), (768, "iPad mini (portrait)"),
    ]
    public static let defaultWidth = 375
    /// From this width on (in points) the screen has a regular horizontal size class, below it
    /// a compact one: iPhones in portrait are compact, an iPad's full screen regular.
    public static let regularWidth = 600

    /// The toolbar's trait switches: the trait, its label, and each value with its label, in
    /// the order offered (content sizes from the smallest).
    static let traitSwitches: [(trait: Traits.Name, label: String, values: [(value: String, label: String)])] = [
        (.colorScheme, "Scheme", [("light", "Light"), ("dark", "Dark")]),
        (.contentSize, "Text", ContentSize.allCases.map { ($0.rawValue, contentSizeLabel($0)) }),
        (.contrast, "Contrast", [("normal", "Normal"), ("high", "High")]),
        (.layoutDirection, "Direction", [("leftToRight", "Left to right"), ("rightToLeft", "Right to left")]),
    ]

    /// `xS`, `L (default)`, `AX1`…: the short names of iOS's text-size slider, with the
    /// category's name as the option's title.
    static func contentSizeLabel(_ size: ContentSize) -> String {
        let short = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"][size.rank]
        return size == .large ? short + " (default)" : short
    }

    /// The page for `state`; `nonce` must be the one the Content-Security-Policy names.
    public static func render(_ state: PreviewState, nonce: String) -> String {
        let title = HTMLRenderer.escaped(state.title)
        let deviceOptions = devices.map { d in
            "<option value=\"\(d.width)\" title=\"\(HTMLRenderer.escaped(d.name))\"\(d.width == defaultWidth ? " selected" : "")>\(d.width)</option>"
        }.joined()
        let themeOptions = state.themes.map { t in
            "<option value=\"\(HTMLRenderer.escaped(t))\"\(t == state.theme ? " selected" : "")>\(HTMLRenderer.escaped(t))</option>"
        }.joined()
        let background = state.background.map { " style=\"background: \(HTMLRenderer.escaped($0))\"" } ?? ""
        let switches = traitSwitches.map { s in
            let options = s.values.map { v in
                let title = s.trait == .contentSize ? " title=\"\(v.value)\"" : ""
                return "<option value=\"\(v.value)\"\(title)\(state.traits[s.trait] == v.value ? " selected" : "")>\(HTMLRenderer.escaped(v.label))</option>"
            }.joined()
            return "<label>\(s.label) <select data-stylerun=\"\(s.trait.rawValue)\">\(options)</select></label>"
        }.joined(separator: "\n")
        let direction = state.traits.layoutDirection == .rightToLeft ? "rtl" : "ltr"
        return """
            <!DOCTYPE html>
            <html lang="en"\(background)>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · stylerun preview</title>
            <style>
            \(HTMLRenderer.pageStyleSheet)
            \(styleSheet)
            </style>
            </head>
            <body\(background)>
            <header data-stylerun="toolbar">
            <strong data-stylerun="title">\(title)</strong>
            <label>Width (pt) <select data-stylerun="device">\(deviceOptions)</select></label>
            <input data-stylerun="width" type="number" min="200" max="2000" step="1" value="\(defaultWidth)" aria-label="Width in points" title="Any width: from \(regularWidth) points the horizontal size class is regular">
            <span data-stylerun="sizeClass" title="horizontalSizeClass">compact</span>
            <label>Theme <select data-stylerun="theme"\(state.themes.isEmpty ? " disabled" : "")>\(themeOptions)</select></label>
            \(switches)
            <label title="Outline every view that fails an accessibility check (low-contrast)"><input type="checkbox" data-stylerun="a11y"> Failures</label>
            <span data-stylerun="status" role="status"></span>
            </header>
            <main data-stylerun="screen" dir="\(direction)" data-version="\(state.screen == nil ? 0 : state.screenVersion)"\(background)>
            \(state.screen ?? "")</main>
            <script nonce="\(nonce)">
            \(PreviewScript.source)
            </script>
            </body>
            </html>

            """
    }

    /// The page's policy: its own inline script (by nonce), inline styles, and nothing else
    /// from anywhere but this server.
    public static func contentSecurityPolicy(nonce: String) -> String {
        "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'unsafe-inline'; img-src 'self' data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// The toolbar, the overlay, the inspector and the outlines. Selectors name `data-stylerun`
    /// attributes only, so the script's ids and classes never meet them.
    static let styleSheet = """
        body { padding: calc(var(--stylerun-toolbar, 52px) + 20px) 24px 48px; align-items: flex-start; min-height: 100vh; box-sizing: border-box; }
        [data-stylerun="screen"] { flex: none; transition: width 0.2s; }
        [data-stylerun="toolbar"] { position: fixed; top: 0; left: 0; right: 0; z-index: 10; display: flex;
          flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 10px 16px; background: rgba(28, 28, 30, 0.92); color: #fff;
          font: 13px \(HTMLRenderer.systemFontFamily); }
        [data-stylerun="toolbar"] select, [data-stylerun="toolbar"] input { font: inherit; }
        [data-stylerun="toolbar"] label { white-space: nowrap; }
        [data-stylerun="width"] { width: 5em; }
        [data-stylerun="sizeClass"] { opacity: 0.7; min-width: 4.5em; }
        [data-stylerun="status"] { margin-left: auto; opacity: 0.8; }
        [data-stylerun="status"][data-state="error"] { color: #ff6961; opacity: 1; }
        [data-stylerun="error"] { position: fixed; top: var(--stylerun-toolbar, 52px); left: 0; right: 0; bottom: 0; z-index: 20;
          background: rgba(0, 0, 0, 0.35); pointer-events: none; font: 13px \(HTMLRenderer.systemFontFamily); }
        [data-stylerun="error"] > section { pointer-events: auto; margin: 16px auto; max-width: 860px; max-height: 70vh;
          overflow: auto; background: #1c1c1e; color: #f2f2f7; border-top: 4px solid #ff453a; border-radius: 8px;
          padding: 16px 20px; box-shadow: 0 8px 32px rgba(0, 0, 0, 0.4); }
        [data-stylerun="error"] h2 { margin: 0 0 8px; font-size: 15px; color: #ff6961; }
        [data-stylerun="diagnostic"] { margin: 12px 0; }
        [data-stylerun="diagnostic"] header { font-weight: 600; }
        [data-stylerun="diagnostic"] [data-severity="warning"] { color: #ffd60a; }
        [data-stylerun="suggestion"] { color: #30d158; margin: 4px 0; }
        [data-stylerun="frame"] { margin: 6px 0 0; padding: 8px; background: #000; border-radius: 4px;
          font: 12px ui-monospace, "DejaVu Sans Mono", monospace; overflow-x: auto; white-space: pre; }
        [data-stylerun="frame"] [data-current] { color: #fff; background: rgba(255, 69, 58, 0.25); }
        [data-stylerun="frame"] [data-caret] { color: #ff453a; }
        [data-stylerun="inspector"] { position: fixed; top: var(--stylerun-toolbar, 52px); right: 0; bottom: 0; width: 440px; max-width: 90vw; z-index: 15;
          overflow: auto; background: #fff; color: #1c1c1e; border-left: 1px solid #d1d1d6; box-shadow: -4px 0 16px rgba(0, 0, 0, 0.12);
          font: 12px \(HTMLRenderer.systemFontFamily); padding: 12px 14px; box-sizing: border-box; }
        body[data-stylerun-inspecting] { padding-right: 464px; }
        [data-stylerun="inspector"] h2 { font-size: 14px; margin: 0 0 6px; word-break: break-all; }
        [data-stylerun="inspector"] dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 6px 0; }
        [data-stylerun="inspector"] dt { color: #8e8e93; }
        [data-stylerun="inspector"] dd { margin: 0; word-break: break-all; }
        [data-stylerun="inspector"] button { font: inherit; border: 1px solid #c7c7cc; background: #f2f2f7; border-radius: 4px;
          padding: 1px 6px; margin: 1px; cursor: pointer; }
        [data-stylerun="close"] { float: right; }
        [data-stylerun="properties"] { display: block; margin-top: 8px; }
        [data-stylerun="properties"] tbody { display: block; }
        [data-stylerun="properties"] tr { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: 0 8px;
          padding: 4px 2px; border-top: 1px solid #e5e5ea; }
        [data-stylerun="properties"] td { padding: 0; overflow-wrap: anywhere; }
        [data-stylerun="properties"] [data-origin], [data-stylerun="properties"] [data-location] { color: #636366; font-size: 11px; }
        [data-stylerun="properties"] [data-stylerun="overridden"] { border-top: none; padding-top: 0; color: #8e8e93; }
        [data-stylerun="properties"] [data-stylerun="overridden"] [data-value] { text-decoration: line-through; }
        [data-stylerun="properties"] [data-default] td { color: #8e8e93; }
        [data-stylerun="swatch"] { display: inline-block; width: 10px; height: 10px; border: 1px solid #8e8e93;
          border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
        [data-stylerun="overflow"] { color: #d70015; margin: 6px 0; }
        [data-stylerun="screen"] [data-stylerun-overflow] { outline: 2px dashed rgba(255, 59, 48, 0.9); outline-offset: -2px; }
        [data-stylerun="screen"] [data-stylerun-hover] { outline: 1px solid rgba(0, 122, 255, 0.9); outline-offset: -1px; cursor: pointer; }
        [data-stylerun="screen"] [data-stylerun-selected] { outline: 2px solid rgba(0, 122, 255, 1); outline-offset: -2px; }
        [data-stylerun="screen"] [data-stylerun-a11y] { outline: 3px solid rgba(255, 45, 85, 1) !important; outline-offset: -3px; }
        [data-stylerun="inspector"] h3 { font-size: 12px; margin: 10px 0 4px; }
        [data-stylerun="inspector"] select { font: inherit; }
        [data-stylerun="contrast"] { margin: 8px 0; padding: 6px 8px; border-radius: 6px; background: #f2f2f7; }
        [data-stylerun="contrast"] [data-passes] { font-weight: 600; padding: 0 6px; border-radius: 4px; color: #fff; }
        [data-stylerun="contrast"] [data-passes="true"] { background: #248a3d; }
        [data-stylerun="contrast"] [data-passes="false"] { background: #d70015; }
        [data-stylerun="contrast"] [data-stylerun="ratio"] { font-size: 15px; font-weight: 600; margin-right: 6px; }
        [data-stylerun="contrast"] p { margin: 2px 0; }
        [data-stylerun="state-values"] { margin: 6px 0; }
        [data-stylerun="state-values"][data-current] > h3 { color: #007aff; }
        [data-stylerun="screen"] [data-stylerun-changed] { animation: stylerun-changed 1.2s ease-out; }
        @keyframes stylerun-changed { from { outline: 3px solid rgba(255, 204, 0, 1); outline-offset: -3px; }
          to { outline: 3px solid rgba(255, 204, 0, 0); outline-offset: -3px; } }
        html[data-stylerun-capture] [data-stylerun="screen"] [data-kind] { outline: none !important; animation: none !important; }
        """
}
