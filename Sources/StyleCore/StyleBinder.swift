/// Carries styled values to the host's real views: typed setters per property, the host's
/// objects attached to the headless views they mirror.
///
///     let binder = StyleBinder()
///     binder.bind(Label.text) { (label: HostLabel, text) in label.text = text }
///     binder.bind(Label.textColor) { (label: HostLabel, color) in label.textColor = color }
///     binder.attach(hostLabel, to: titleView)      // receives every bound value now
///     try sheet.apply(to: root, binder: binder)    // and what changed after each apply
///     runtime.watch(file: "app.lua", tree: root, binder: binder) { event in … }  // and each reload
///
/// Like Stylist's typed property setters: a setter is called with the object when it is of the
/// setter's type (`HostLabel`) and the view is of the key's kind (`Label` and its sub-kinds),
/// with the value as the key's Swift type. Attached objects and views are held weakly.
///
/// Not `Sendable`: a binder lives with its tree and the host's views (usually on the main actor).
public final class StyleBinder {
    private struct Setter {
        let kindName: String?
        /// Calls the setter when the object is of its type; false otherwise.
        let apply: (AnyObject, Value) -> Bool
    }

    private struct Attachment {
        weak var view: View?
        weak var object: AnyObject?
    }

    private var setters: [String: [Setter]] = [:]
    /// Setters that take a control's value in each of its states (`bindStates`).
    private var stateSetters: [String: [StateSetter]] = [:]

    private struct StateSetter {
        let kindName: String?
        let apply: (AnyObject, Value, ControlState) -> Void
    }
    private var attachments: [ObjectIdentifier: Attachment] = [:]
    private var observers: [(AnyObject, View, PropertyChange) -> Void] = []

    public init() {}

    /// Registers the setter of one property for host objects of type `Object`.
    ///
    ///     binder.bind(View.backgroundColor) { (view: HostView, color) in view.backgroundColor = color }
    ///     binder.bind(Button.titleLabel.font) { (button: HostButton, font) in button.titleFont = font }
    ///
    /// Several setters may share a key (for different object types); each applies to objects of
    /// its own type.
    ///
    /// `Object` may be a protocol the host's classes conform to: one setter then serves them all.
    ///
    ///     binder.bind(View.backgroundColor) { (view: any Themable, color) in view.background = color }
    public func bind<Object, T>(_ key: PropertyKey<T>, _ set: @escaping (Object, T) -> Void) {
        setters[key.path, default: []].append(Setter(kindName: key.kindName) { object, value in
            guard let object = object as? Object else { return false }
            guard let typed = T(styleValue: value) else {
                preconditionFailure("\(key) was bound as \(T.valueType) but the view holds \(value.typeName)")
            }
            set(object, typed)
            return true
        })
    }

    /// Binds a property to a key path of the host's class, of the key's own Swift type.
    ///
    ///     binder.bind(Label.textColor, to: \TitleLabel.textColor)
    ///     binder.bind(Label.numberOfLines, to: \TitleLabel.lines)
    public func bind<Object: AnyObject, T>(_ key: PropertyKey<T>, to path: ReferenceWritableKeyPath<Object, T>) {
        bind(key) { (object: Object, value: T) in object[keyPath: path] = value }
    }

    /// Binds a property to a key path of another type, converted by that type's
    /// `StyleConvertible` conformance (a `UIColor` from a `Color`, say).
    ///
    ///     extension HostColor: StyleConvertible {
    ///         init(styleValue color: Color) { self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha) }
    ///     }
    ///     binder.bind(Label.textColor, to: \TitleLabel.hostTextColor)
    public func bind<Object: AnyObject, Converted: StyleConvertible>(_ key: PropertyKey<Converted.StyleType>,
                                                                      to path: ReferenceWritableKeyPath<Object, Converted>) {
        bind(key) { (object: Object, value: Converted.StyleType) in object[keyPath: path] = Converted(styleValue: value) }
    }

    /// `bind(_:to:)` for an optional property of the host's (`UIColor?` for a `Color?` key):
    /// nil stays nil.
    ///
    ///     binder.bind(View.backgroundColor, to: \CardView.hostBackground)
    public func bind<Object: AnyObject, Converted: StyleConvertible>(_ key: PropertyKey<Converted.StyleType?>,
                                                                      to path: ReferenceWritableKeyPath<Object, Converted?>) {
        bind(key) { (object: Object, value: Converted.StyleType?) in object[keyPath: path] = value.map(Converted.init(styleValue:)) }
    }

    /// `bind(_:to:)` for an optional property of the host's that a key always gives a value
    /// (`UILabel.textColor`, a `UIColor!`, from `Label.textColor`).
    ///
    ///     binder.bind(Label.textColor, to: \TitleLabel.hostTextColor)
    public func bind<Object: AnyObject, Converted: StyleConvertible>(_ key: PropertyKey<Converted.StyleType>,
                                                                      to path: ReferenceWritableKeyPath<Object, Converted?>) {
        bind(key) { (object: Object, value: Converted.StyleType) in object[keyPath: path] = Converted(styleValue: value) }
    }

    /// Registers a setter that takes a control's value in each of its states (SPEC §6.1): what
    /// `setTitleColor(_:for:)` needs. `deliverStates(_:in:)` calls it for every attached
    /// control of the key's kind, once for `normal` and once for each single state
    /// (`highlighted`, `disabled`, `selected`, `focused`), with the value the control takes in
    /// that state: the value it holds for the state it is in, and for the others what
    /// `StateValues` found (the same value when no style depends on that state).
    ///
    ///     binder.bindStates(Button.titleColor) { (button: HostButton, color, state) in
    ///         button.setTitleColor(color, for: state)
    ///     }
    ///     try sheet.apply(to: root, binder: binder)    // calls it for each state too
    public func bindStates<Object, T>(_ key: PropertyKey<T>, _ set: @escaping (Object, T, ControlState) -> Void) {
        stateSetters[key.path, default: []].append(StateSetter(kindName: key.kindName) { object, value, state in
            guard let object = object as? Object else { return }
            guard let typed = T(styleValue: value) else {
                preconditionFailure("\(key) was bound as \(T.valueType) but the view holds \(value.typeName)")
            }
            set(object, typed, state)
        })
    }

    /// Whether some setter takes values per state (`bindStates`): then applying with this
    /// binder also works out every control's other states.
    public var bindsStates: Bool { !stateSetters.isEmpty }

    /// Gives the objects attached to the controls of `root`'s tree their values in each state,
    /// through the `bindStates` setters; `states` are the other states' values, as
    /// `LoadedStylesheet.stateValues(of:)` gives them for this tree.
    ///
    ///     binder.deliverStates(sheet.stateValues(of: root), in: root)
    public func deliverStates(_ states: StateValues, in root: View) {
        guard bindsStates else { return }
        root.forEachInTree { view in
            guard view.kind.isControl, let attachment = attachments[ObjectIdentifier(view)] else { return }
            guard attachment.view === view, let object = attachment.object else {
                attachments[ObjectIdentifier(view)] = nil
                return
            }
            let entries = states[view] ?? []
            for property in view.kind.properties {
                guard let candidates = stateSetters[property.path] else { continue }
                let kinds = view.kind.lineage
                for state in [ControlState.normal] + ControlState.single {
                    let value = state == view.state ? view.values[property.slot]
                        : entries.first { $0.state == state }?.changes.first { $0.property.slot == property.slot }?.value
                            ?? view.values[property.slot]
                    for setter in candidates where setter.kindName.map({ name in kinds.contains { $0.name == name } }) ?? true {
                        setter.apply(object, value, state)
                    }
                }
            }
        }
    }

    /// Calls `body` for every change delivered to an attached object, after the typed setters:
    /// for properties without a setter, logging, or invalidating layout once per reload.
    ///
    ///     binder.onChange { object, view, change in (object as? HostView)?.setNeedsLayout() }
    public func onChange(_ body: @escaping (AnyObject, View, PropertyChange) -> Void) {
        observers.append(body)
    }

    /// Attaches a host object to the view it mirrors, and gives it every bound value now.
    ///
    ///     binder.attach(hostLabel, to: titleView)
    public func attach(_ object: AnyObject, to view: View) {
        attachments[ObjectIdentifier(view)] = Attachment(view: view, object: object)
        for property in view.kind.properties where setters[property.path] != nil {
            _ = call(property.path, on: object, of: view, value: view[property])
        }
    }

    /// Attaches an object made by `make` to each view of a tree (nil: that view has none).
    ///
    ///     binder.attachTree(root) { view in mirror[view.id ?? ""] }
    public func attachTree(_ root: View, _ make: (View) -> AnyObject?) {
        root.forEachInTree { view in
            if let object = make(view) { attach(object, to: view) }
        }
    }

    /// Gives every object attached to a view of the tree every bound value its view holds now,
    /// without calling the `onChange` observers: after the tree was styled without this binder.
    ///
    ///     try sheet.apply(to: root)      // no binder: the objects did not see it
    ///     binder.refresh(root)           // now they hold what the views hold
    public func refresh(_ root: View) {
        root.forEachInTree { view in
            guard let attachment = attachments[ObjectIdentifier(view)] else { return }
            guard attachment.view === view, let object = attachment.object else {
                attachments[ObjectIdentifier(view)] = nil
                return
            }
            for property in view.kind.properties where setters[property.path] != nil {
                _ = call(property.path, on: object, of: view, value: view[property])
            }
        }
    }

    /// Stops delivering to the object attached to `view`.
    public func detach(_ view: View) {
        attachments[ObjectIdentifier(view)] = nil
    }

    /// The object attached to `view`, if it is still alive.
    public func object(for view: View) -> AnyObject? {
        attachments[ObjectIdentifier(view)]?.object
    }

    /// Delivers changes to the attached objects: each change to the setters of its property.
    /// Changes about views with no live attachment are skipped.
    ///
    ///     binder.deliver(event.changes)
    public func deliver(_ changes: [PropertyChange]) {
        for change in changes {
            guard let identity = change.viewIdentity, let attachment = attachments[identity.id] else { continue }
            guard let view = attachment.view, let object = attachment.object else {
                attachments[identity.id] = nil
                continue
            }
            _ = call(change.property, on: object, of: view, value: change.new)
            for observer in observers { observer(object, view, change) }
        }
    }

    /// Runs the setters of `path` that apply to `view`'s kind and to `object`'s type.
    private func call(_ path: String, on object: AnyObject, of view: View, value: Value) -> Bool {
        guard let candidates = setters[path] else { return false }
        var called = false
        for setter in candidates where setter.kindName.map({ name in view.kind.lineage.contains { $0.name == name } }) ?? true {
            called = setter.apply(object, value) || called
        }
        return called
    }
}

/// A host type made from a styled value, for `StyleBinder.bind(_:to:)` with a key path of the
/// host's own type: `UIColor` from `Color`, `UIFont` from `Font`, `UIEdgeInsets` from `Insets`.
///
///     extension HostColor: StyleConvertible {
///         init(styleValue color: Color) { self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha) }
///     }
public protocol StyleConvertible {
    /// The key's Swift type (`Color`, `Font`, `Insets`, `Double`…).
    associatedtype StyleType: StyleValue
    init(styleValue: StyleType)
}
