/// The preview page's script: follows the event stream, morphs the screen in place, shows the
/// error overlay, switches themes, traits and device widths, puts pressed controls in their
/// highlighted state, outlines overflow and accessibility failures, and runs the inspector.
///
/// Morphing pairs old and new elements by position, kind and id, and changes only the
/// attributes and text that differ, so the page is never reloaded and scroll positions,
/// selections and open panels survive. The script's state is exposed as `window.stylerun`
/// (`updates`, `painted`: when the last new screen reached the pixels) for tests to read.
enum PreviewScript {
    static let source = #"""
    "use strict";
    (() => {
      const $ = (selector, root = document) => root.querySelector(selector);
      const screen = $('[data-stylerun="screen"]');
      const status = $('[data-stylerun="status"]');
      const themeSelect = $('select[data-stylerun="theme"]');
      const deviceSelect = $('select[data-stylerun="device"]');
      const defaultBackground = "rgba(242, 242, 247, 1)";
      let state = { version: 0, screenVersion: Number(screen.dataset.version || 0), explain: [], ok: true, traits: {}, stateOverrides: {}, failing: [] };
      let views = new Map();
      let selected = null;
      let hovered = null;
      const hooks = { updates: 0, painted: 0, state: () => state };
      window.stylerun = hooks;

      // Elements ------------------------------------------------------------------------------

      function element(tag, attributes = {}, ...children) {
        const node = document.createElement(tag);
        for (const [name, value] of Object.entries(attributes)) {
          if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
        }
        for (const child of children.flat(Infinity)) {
          if (child === null || child === undefined) continue;
          node.append(child instanceof Node ? child : document.createTextNode(String(child)));
        }
        return node;
      }
      const viewElement = (ref) => ref === null ? null : screen.querySelector(`[data-ref="${CSS.escape(ref)}"]`);

      // Device, traits and theme ----------------------------------------------------------------

      // The choices live in the address (`?width=700&colorScheme=dark`), so a reload of the
      // page, or of the script, keeps them; the server keeps the traits across saves.
      const traitNames = ["colorScheme", "contentSize", "contrast", "layoutDirection"];
      const traitSelects = Object.fromEntries(traitNames.map((n) => [n, $(`select[data-stylerun="${n}"]`)]));
      const widthInput = $('input[data-stylerun="width"]');
      const sizeClassLabel = $('[data-stylerun="sizeClass"]');
      const a11ySwitch = $('input[data-stylerun="a11y"]');
      const regularWidth = 600;
      const asked = new URLSearchParams(location.search);
      let pendingTraits = null;  // what the address asks, sent once the first state says what the server has

      function sizeClassOf(width) { return width >= regularWidth ? "regular" : "compact"; }
      function currentWidth() { return Math.round(Number(widthInput.value)) || 375; }

      function remember() {
        const params = new URLSearchParams();
        params.set("width", String(currentWidth()));
        for (const name of traitNames) params.set(name, traitSelects[name].value);
        if (a11ySwitch.checked) params.set("failures", "1");
        history.replaceState(null, "", "?" + params.toString());
      }

      async function ask(path, header, busy) {
        setStatus(busy);
        try {
          const response = await fetch(path, { headers: { "X-Stylerun": header } });
          if (!response.ok) setStatus(await response.text(), "error");
        } catch (error) {
          setStatus("The preview server is not answering.", "error");
        }
      }

      function sendTraits(changes) {
        const params = new URLSearchParams(changes);
        if ([...params.keys()].length === 0) return;
        ask("/traits?" + params.toString(), "traits", "Restyling…");
      }

      function applyDevice(send) {
        const width = Math.min(Math.max(currentWidth(), 200), 2000);
        widthInput.value = String(width);
        if ([...deviceSelect.options].some((o) => o.value === String(width))) deviceSelect.value = String(width);
        else deviceSelect.selectedIndex = -1;
        screen.style.width = width + "px";
        sizeClassLabel.textContent = sizeClassOf(width);
        requestAnimationFrame(markOverflow);
        // The server lays the screen out at this width (and restyles when the size class moves).
        if (send && state.version > 0) {
          const changes = {};
          if (state.width !== width) changes.width = String(width);
          if (state.traits.horizontalSizeClass !== sizeClassOf(width)) changes.horizontalSizeClass = sizeClassOf(width);
          sendTraits(changes);
        }
      }
      const savedDevice = asked.get("width") || sessionStorage.getItem("stylerun.device");
      if (savedDevice && Number(savedDevice) > 0) widthInput.value = String(Math.round(Number(savedDevice)));
      applyDevice(false);
      deviceSelect.addEventListener("change", () => {
        widthInput.value = deviceSelect.value;
        sessionStorage.setItem("stylerun.device", deviceSelect.value);
        applyDevice(true);
        remember();
      });
      widthInput.addEventListener("change", () => {
        sessionStorage.setItem("stylerun.device", String(currentWidth()));
        applyDevice(true);
        remember();
      });
      for (const name of traitNames) {
        if (asked.has(name)) {
          pendingTraits = pendingTraits || {};
          pendingTraits[name] = asked.get(name);
        }
        traitSelects[name].addEventListener("change", () => {
          sendTraits({ [name]: traitSelects[name].value });
          remember();
        });
      }
      a11ySwitch.checked = asked.get("failures") === "1";
      a11ySwitch.addEventListener("change", () => { markFailures(); remember(); });

      // The traits the server styled for, in the switches; on the first state, what the
      // address or the width ask and the server has not yet.
      function updateTraits(traits, first, laidOutWidth) {
        for (const name of traitNames) {
          if (traitSelects[name].value !== traits[name]) traitSelects[name].value = traits[name];
        }
        screen.dir = traits.layoutDirection === "rightToLeft" ? "rtl" : "ltr";
        if (!first) return;
        const wanted = {};
        for (const [name, value] of Object.entries(pendingTraits || {})) if (traits[name] !== value) wanted[name] = value;
        const width = currentWidth();
        if (!asked.has("width") && !sessionStorage.getItem("stylerun.device") && traits.horizontalSizeClass === "regular" && width < regularWidth) {
          // Started with --trait horizontalSizeClass=regular: show a regular width.
          widthInput.value = "768";
          applyDevice(false);
        } else if (traits.horizontalSizeClass !== sizeClassOf(width)) {
          wanted.horizontalSizeClass = sizeClassOf(width);
        }
        if (laidOutWidth !== currentWidth()) wanted.width = String(currentWidth());
        pendingTraits = null;
        sendTraits(wanted);
      }

      themeSelect.addEventListener("change", () => {
        ask("/theme?name=" + encodeURIComponent(themeSelect.value), "theme", `Switching to ${themeSelect.value}…`);
      });

      // States: a control pressed shows its highlighted state until released; the inspector
      // picks a state for the selected control. The server restyles with the view in it.
      let pressed = null;
      const sendState = (ref, controlState) =>
        ask("/state?view=" + encodeURIComponent(ref) + (controlState ? "&state=" + encodeURIComponent(controlState) : ""),
            "state", controlState ? `Showing ${controlState}…` : "Restyling…");
      screen.addEventListener("mousedown", (event) => {
        const node = event.target.closest("[data-kind]");
        const view = node && screen.contains(node) ? views.get(node.getAttribute("data-ref")) : null;
        // Only a control whose values change when highlighted has anything to show.
        if (!view || !view.control || !(view.states && view.states.highlighted) || event.button !== 0) return;
        pressed = view.reference;
        sendState(pressed, "highlighted");
      });
      document.addEventListener("mouseup", () => {
        if (pressed === null) return;
        const ref = pressed;
        pressed = null;
        sendState(ref, picked.get(ref) || null);
      });
      const picked = new Map();

      // Failures: the views lint's accessibility checks find failing, outlined on demand.
      function markFailures() {
        const failing = new Map();
        for (const f of state.failing || []) failing.set(f.reference, (failing.get(f.reference) ? failing.get(f.reference) + "\n" : "") + f.message);
        for (const node of screen.querySelectorAll("[data-stylerun-a11y]")) {
          if (!a11ySwitch.checked || !failing.has(node.getAttribute("data-ref"))) node.removeAttribute("data-stylerun-a11y");
        }
        if (!a11ySwitch.checked) return;
        for (const [ref, message] of failing) {
          const node = viewElement(ref);
          if (node) node.setAttribute("data-stylerun-a11y", message);
        }
      }

      function updateThemes(themes, theme) {
        const current = [...themeSelect.options].map((o) => o.value);
        if (current.join("\n") !== themes.join("\n")) {
          themeSelect.replaceChildren(...themes.map((t) => element("option", { value: t }, t)));
        }
        themeSelect.disabled = themes.length === 0;
        if (theme !== null && themeSelect.value !== theme) themeSelect.value = theme;
      }

      function setStatus(text, kind = "ok") {
        status.textContent = text;
        status.dataset.state = kind;
      }

      // Morphing --------------------------------------------------------------------------------

      function sameView(a, b) {
        if (a.nodeType !== b.nodeType) return false;
        if (a.nodeType !== Node.ELEMENT_NODE) return true;
        return a.tagName === b.tagName && a.getAttribute("data-kind") === b.getAttribute("data-kind")
          && a.getAttribute("id") === b.getAttribute("id") && a.getAttribute("data-part") === b.getAttribute("data-part");
      }

      function morph(old, fresh) {
        for (const attribute of [...old.attributes]) {
          if (!attribute.name.startsWith("data-stylerun-") && !fresh.hasAttribute(attribute.name)) old.removeAttribute(attribute.name);
        }
        for (const attribute of fresh.attributes) {
          if (old.getAttribute(attribute.name) !== attribute.value) old.setAttribute(attribute.name, attribute.value);
        }
        const olds = [...old.childNodes];
        const fresh_ = [...fresh.childNodes];
        fresh_.forEach((node, i) => {
          const previous = olds[i];
          if (!previous) old.append(node);
          else if (!sameView(previous, node)) old.replaceChild(node, previous);
          else if (node.nodeType === Node.ELEMENT_NODE) morph(previous, node);
          else if (previous.nodeValue !== node.nodeValue) previous.nodeValue = node.nodeValue;
        });
        for (const extra of olds.slice(fresh_.length)) extra.remove();
      }

      function morphScreen(html) {
        const template = document.createElement("template");
        template.innerHTML = html;
        // The screen's own attributes (width, background) belong to the page: morph its children only.
        const holder = screen.cloneNode(false);
        holder.append(template.content);
        morph(screen, holder);
      }

      function highlight(refs) {
        for (const ref of refs) {
          const node = viewElement(ref);
          if (!node) continue;
          node.removeAttribute("data-stylerun-changed");
          void node.offsetWidth;  // restart the animation
          node.setAttribute("data-stylerun-changed", "");
          setTimeout(() => node.removeAttribute("data-stylerun-changed"), 1300);
        }
      }

      // Overflow ----------------------------------------------------------------------------------

      // A view overflows when it reaches past its parent's edges, or when it clips (overflow
      // hidden) content bigger than itself; the content of views that do not clip spills over
      // and is caught on the child that reaches out.
      function overflowOf(node) {
        const notes = [];
        const box = node.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return notes;
        const parent = node.parentElement && node.parentElement.closest("[data-kind]");
        if (parent) {
          const outer = parent.getBoundingClientRect();
          const sides = [["left", outer.left - box.left], ["right", box.right - outer.right],
                         ["top", outer.top - box.top], ["bottom", box.bottom - outer.bottom]];
          for (const [side, amount] of sides) {
            if (amount > 0.5) notes.push(`extends ${Math.round(amount)} pt past its parent's ${side} edge`);
          }
        }
        const style = getComputedStyle(node);
        if (style.overflowX !== "visible") {
          const wider = node.scrollWidth - node.clientWidth;
          if (wider > 1) notes.push(`its content is ${wider} pt wider than the view and is cut off`);
        }
        if (style.overflowY !== "visible") {
          const taller = node.scrollHeight - node.clientHeight;
          if (taller > 1) notes.push(`its content is ${taller} pt taller than the view and is cut off`);
        }
        return notes;
      }

      function markOverflow() {
        for (const node of screen.querySelectorAll("[data-kind]")) {
          const notes = overflowOf(node);
          if (notes.length) node.setAttribute("data-stylerun-overflow", notes.join("; "));
          else node.removeAttribute("data-stylerun-overflow");
        }
        if (selected !== null) renderInspector();
      }
      window.addEventListener("resize", () => requestAnimationFrame(markOverflow));

      // The error overlay ---------------------------------------------------------------------------

      function showErrors(diagnostics, hasScreen) {
        const count = diagnostics.length;
        const items = diagnostics.map((d) => {
          const frame = d.frame.length === 0 ? null : element("pre", { "data-stylerun": "frame" }, d.frame.map((line) => {
            const gutter = String(line.number).padStart(5) + " | ";
            const row = element("div", { "data-current": line.current }, gutter + line.text);
            if (!line.current) return row;
            const start = Math.max(d.column - 1, 0);
            const end = d.endLine > d.line ? line.text.length : Math.max(d.endColumn - 1, start + 1);
            const padding = [...line.text.slice(0, start)].map((c) => (c === "\t" ? "\t" : " ")).join("");
            return [row, element("div", { "data-caret": true }, "      | " + padding + "^" + "~".repeat(Math.max(end - start - 1, 0)))];
          }));
          return element("article", { "data-stylerun": "diagnostic" },
            element("header", {}, `${d.file}:${d.line}:${d.column}: `,
              element("span", { "data-severity": d.severity }, d.severity + ":"), ` ${d.message} [${d.code}]`),
            d.suggestions.map((s) => element("p", { "data-stylerun": "suggestion" }, `Suggestion: ${s}`)),
            frame);
        });
        const panel = element("section", { role: "alertdialog", "aria-label": "Errors" },
          element("h2", {}, `${count} ${count === 1 ? "error" : "errors"}: ` +
            (hasScreen ? "the screen shows the last good save." : "nothing to show until the script loads; save a fix.")), items);
        let overlay = $('[data-stylerun="error"]');
        if (!overlay) {
          overlay = element("div", { "data-stylerun": "error" });
          document.body.append(overlay);
        }
        const scroll = overlay.firstElementChild ? overlay.firstElementChild.scrollTop : 0;
        overlay.replaceChildren(panel);
        panel.scrollTop = scroll;
      }

      function hideErrors() {
        const overlay = $('[data-stylerun="error"]');
        if (overlay) overlay.remove();
      }

      // The inspector --------------------------------------------------------------------------------

      // Colours arrive as the JSON spells them, `#RRGGBBAA`, and are shown as the tree shows
      // them (Color.displayHex): `#RRGGBB` when opaque.
      function isColor(value) { return /^#[0-9A-F]{8}$/.test(value); }
      function displayHex(hex) { return hex.endsWith("FF") ? hex.slice(0, 7) : hex; }

      function valueText(value) {
        if (value === null) return "nil";
        if (typeof value === "string") return isColor(value) ? displayHex(value) : JSON.stringify(value);
        if (typeof value !== "object") return String(value);
        if ("size" in value && "weight" in value) {
          return `${value.name} ${value.size} ${value.weight}${value.italic ? " italic" : ""}${value.smallCaps ? " small caps" : ""}`;
        }
        if ("color" in value) return `image from ${displayHex(value.color)}`;
        if ("name" in value) return `image "${value.name}"`;
        return Object.entries(value).map(([k, v]) => `${k} ${v}`).join(", ");
      }

      function valueCell(value) {
        const cell = element("td", { "data-value": true });
        if (typeof value === "string" && isColor(value)) {
          const swatch = element("span", { "data-stylerun": "swatch" });
          swatch.style.background = value;  // CSS reads #RRGGBBAA as it is
          cell.append(swatch);
        }
        cell.append(valueText(value));
        return cell;
      }

      function originText(origin) {
        switch (origin.kind) {
          case "appearance": return `appearance(${origin.viewKind})`;
          case "rule": return `rule "${origin.selector}"`;
          case "style": {
            const name = origin.name ? `style "${origin.name}"` : `style #${origin.index}`;
            const attached = origin.attached ? ` (${origin.attached.how} at line ${origin.attached.line})` : " (own style list)";
            return name + attached;
          }
          case "literal": return "literal (constructor)";
          default: return "default";
        }
      }

      const where = (c) => (c.file === null ? "" : `${c.file}:${c.line}`);
      // The token a value was read from and the aliases it went through (explain's "token").
      const tokenText = (t) => `from token ${t.name}${t.theme === null ? "" : ` of theme "${t.theme}"`} (${t.file}:${t.line})` +
        t.aliases.map((a) => ` ← {${a.name}} (${a.file}:${a.line})`).join("");
      const tokenNote = (c) => (c.token ? element("div", { "data-stylerun": "token" }, tokenText(c.token)) : null);

      function propertyRows(p) {
        const isDefault = p.origin.kind === "default";
        const rows = [element("tr", { "data-property": p.property, "data-default": isDefault },
          element("td", {}, element("strong", {}, p.property)), valueCell(p.value),
          element("td", { "data-origin": p.origin.kind }, (p.transform ? "mver of " : "") + originText(p.origin)),
          element("td", { "data-location": true }, where(p), tokenNote(p)))];
        for (const o of isDefault ? [] : p.overridden) {
          rows.push(element("tr", { "data-stylerun": "overridden", "data-property": p.property },
            element("td", {}, "overrode"), valueCell(o.value),
            element("td", { "data-origin": o.origin.kind }, (o.transform ? "mver of " : "") + originText(o.origin)),
            element("td", { "data-location": true }, where(o), tokenNote(o))));
        }
        return rows;
      }

      function viewButton(ref, role) {
        const view = views.get(ref);
        const button = element("button", { type: "button", "data-stylerun": role, "data-ref": ref }, view ? view.view : ref);
        button.addEventListener("click", () => select(ref));
        return button;
      }

      function renderInspector() {
        const view = views.get(selected);
        let panel = $('[data-stylerun="inspector"]');
        document.body.toggleAttribute("data-stylerun-inspecting", Boolean(view));
        if (!view) {
          if (panel) panel.remove();
          return;
        }
        const openDetails = panel ? [...panel.querySelectorAll("details[open]")].map((d) => d.dataset.section) : ["defaults-closed"];
        const scroll = panel ? panel.scrollTop : 0;
        if (!panel) {
          panel = element("aside", { "data-stylerun": "inspector", "aria-label": "Inspector" });
          document.body.append(panel);
        }
        const path = [];
        for (let ref = view.reference; ref !== null && views.has(ref); ref = views.get(ref).parent) path.unshift(ref);
        const styled = view.properties;
        const defaults = Object.entries(view.defaults).map(([property, value]) =>
          ({ property, value, origin: { kind: "default" }, transform: false, file: null, line: null, overridden: [] }));
        const node = viewElement(selected);
        const overflow = node && node.getAttribute("data-stylerun-overflow");
        const close = element("button", { type: "button", "data-stylerun": "close", title: "Close" }, "×");
        close.addEventListener("click", () => select(null));
        const defaultsPanel = element("details", { "data-section": "defaults", open: openDetails.includes("defaults") },
          element("summary", {}, `${defaults.length} properties with their default value`),
          element("table", { "data-stylerun": "properties", "data-section": "defaults" }, defaults.flatMap(propertyRows)));
        panel.replaceChildren(...[
          close,
          element("h2", { "data-stylerun": "heading" }, view.view),
          element("dl", {},
            element("dt", {}, "Kind"), element("dd", { "data-field": "kind" }, view.kind),
            element("dt", {}, "Id"), element("dd", { "data-field": "id" }, view.id === null ? "(none)" : view.id),
            element("dt", {}, "Classes"), element("dd", { "data-field": "classes" }, view.classes.length ? view.classes.join(" ") : "(none)"),
            element("dt", {}, "Path"), element("dd", { "data-stylerun": "path" }, path.map((ref, i) => [i ? " › " : "", viewButton(ref, "ancestor")])),
            element("dt", {}, "Parent"), element("dd", {}, view.parent === null ? "(the root)" : viewButton(view.parent, "parent")),
            element("dt", {}, "Children"), element("dd", { "data-stylerun": "children" }, view.children.length ? view.children.map((ref) => viewButton(ref, "child")) : "(none)")),
          layoutPanel(view),
          overflow ? element("p", { "data-stylerun": "overflow" }, `Overflow: ${overflow}.`) : null,
          contrastPanel(view),
          view.control ? statePicker(view) : null,
          element("table", { "data-stylerun": "properties", "data-section": "styled" }, styled.flatMap(propertyRows)),
          view.control ? statesPanel(view) : null,
          defaultsPanel].flat().filter((child) => child !== null));
        panel.scrollTop = scroll;
      }

      // The frame the server's layout computed (root coordinates, points), and why.
      function layoutPanel(view) {
        if (!view.frame) return null;
        const n = (v) => String(Math.round(v * 100) / 100);
        const f = view.frame;
        return element("section", { "data-stylerun": "layout" },
          element("p", { "data-stylerun": "frame-value" }, `Frame: ${n(f.x)},${n(f.y)} ${n(f.width)}×${n(f.height)}`),
          element("p", { "data-stylerun": "frame-reason" }, view.frameReason));
      }

      // Each text of the view against the background behind it, as the server measured it.
      function contrastPanel(view) {
        if (!view.contrast || view.contrast.length === 0) return null;
        const parts = { text: "Text", title: "Title", placeholder: "Placeholder" };
        return element("section", { "data-stylerun": "contrast" }, view.contrast.map((c) => {
          const swatch = (hex) => {
            const s = element("span", { "data-stylerun": "swatch" });
            s.style.background = hex;
            return s;
          };
          return element("div", { "data-part": c.part },
            element("p", {},
              element("strong", {}, `${parts[c.part] || c.part} contrast `),
              element("span", { "data-stylerun": "ratio" }, c.ratioText),
              element("span", { "data-passes": String(c.passes) }, c.passes ? "passes" : "fails")),
            element("p", { "data-stylerun": "threshold" }, `needs ${c.minimumText} (${c.requirement})`),
            element("p", {}, swatch(c.foreground), displayHex(c.foreground), " on ", swatch(c.background), displayHex(c.background)),
            c.message ? element("p", { "data-stylerun": "finding" }, c.message) : null);
        }));
      }

      // The control's state: its own (what its tree gives it) or one picked here.
      function statePicker(view) {
        const override = (state.stateOverrides || {})[view.reference] || "";
        const own = override ? "its own" : `its own (${view.state})`;
        const options = [["", own], ["normal", "normal"], ["highlighted", "highlighted"], ["disabled", "disabled"],
                         ["selected", "selected"], ["focused", "focused"]];
        const select = element("select", { "data-stylerun": "state", "aria-label": "State" },
          options.map(([value, label]) => element("option", { value, selected: value === override }, label)));
        select.addEventListener("change", () => {
          if (select.value) picked.set(view.reference, select.value);
          else picked.delete(view.reference);
          sendState(view.reference, select.value || null);
        });
        return element("dl", {}, element("dt", {}, "State"), element("dd", { "data-field": "state" }, select, ` now ${view.state}`));
      }

      // What the control's properties become in each other state (those that differ).
      function statesPanel(view) {
        const entries = Object.entries(view.states || {});
        if (entries.length === 0) return element("p", { "data-stylerun": "state-values" }, "No state changes a value of this view.");
        return entries.map(([name, properties]) =>
          element("section", { "data-stylerun": "state-values", "data-state": name },
            element("h3", {}, `In state ${name}`),
            element("table", { "data-stylerun": "properties", "data-section": "state-" + name }, properties.flatMap(propertyRows))));
      }

      function select(ref) {
        const previous = viewElement(selected);
        if (previous) previous.removeAttribute("data-stylerun-selected");
        selected = ref !== null && views.has(ref) ? ref : null;
        const node = viewElement(selected);
        if (node) node.setAttribute("data-stylerun-selected", "");
        renderInspector();
      }

      screen.addEventListener("click", (event) => {
        const node = event.target.closest("[data-kind]");
        if (!node || !screen.contains(node)) return;
        event.preventDefault();
        event.stopPropagation();
        select(node.getAttribute("data-ref"));
      }, true);
      screen.addEventListener("mouseover", (event) => {
        const node = event.target.closest("[data-kind]");
        if (hovered && hovered !== node) hovered.removeAttribute("data-stylerun-hover");
        hovered = node && screen.contains(node) ? node : null;
        if (hovered) hovered.setAttribute("data-stylerun-hover", "");
      });
      screen.addEventListener("mouseleave", () => {
        if (hovered) hovered.removeAttribute("data-stylerun-hover");
        hovered = null;
      });
      // Escape closes the inspector; the arrows walk the tree: up to the parent, down to the
      // first child, left and right to the siblings.
      document.addEventListener("keydown", (event) => {
        if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
        if (event.key === "Escape") return select(null);
        const view = views.get(selected);
        if (!view) return;
        const siblings = view.parent === null ? [view.reference] : views.get(view.parent).children;
        const at = siblings.indexOf(view.reference);
        const next = { ArrowUp: view.parent, ArrowDown: view.children[0], ArrowLeft: siblings[at - 1], ArrowRight: siblings[at + 1] }[event.key];
        if (next === undefined || next === null) return;
        event.preventDefault();
        select(next);
      });

      // Updates ----------------------------------------------------------------------------------------

      function apply(next) {
        const first = state.version === 0;
        const newScreen = next.screen !== null && next.screenVersion !== state.screenVersion;
        if (newScreen) morphScreen(next.screen);
        const background = next.background || "";
        document.documentElement.style.background = background || defaultBackground;
        document.body.style.background = background || defaultBackground;
        screen.style.background = background;
        updateThemes(next.themes, next.theme);
        updateTraits(next.traits, first, next.width);
        views = new Map(next.explain.map((v) => [v.reference, v]));
        if (next.ok) hideErrors();
        else showErrors(next.diagnostics, next.screen !== null);
        // A press or a picked state restyles one control: nothing to point out.
        const statesMoved = JSON.stringify(next.stateOverrides) !== JSON.stringify(state.stateOverrides);
        if (newScreen && !first && !statesMoved) highlight(next.changed);
        const count = next.diagnostics.length;
        if (next.ok) setStatus(`${first ? "Loaded" : "Reloaded"} in ${next.ms} ms`);
        else setStatus(`${count} ${count === 1 ? "error" : "errors"}` + (next.screen !== null ? ", showing the last good save" : ""), "error");
        state = next;
        if (selected !== null && !views.has(selected)) selected = null;
        const node = viewElement(selected);
        if (node) node.setAttribute("data-stylerun-selected", "");
        markOverflow();
        markFailures();
        renderInspector();
        hooks.updates += 1;
        if (newScreen) requestAnimationFrame(() => requestAnimationFrame(() => { hooks.painted = performance.timeOrigin + performance.now(); }));
      }

      // The toolbar wraps on a narrow window: the page, the overlay and the inspector start below it.
      const toolbar = $('[data-stylerun="toolbar"]');
      new ResizeObserver(() => document.documentElement.style.setProperty("--stylerun-toolbar", toolbar.offsetHeight + "px")).observe(toolbar);

      const events = new EventSource("/events");
      events.addEventListener("state", (event) => apply(JSON.parse(event.data)));
      events.addEventListener("error", () => setStatus("Reconnecting to the preview server…", "error"));
    })();
    """#
}
