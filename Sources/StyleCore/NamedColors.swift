extension Color {
    /// UIKit's fixed named colours (`UIColor.darkGray` …) with UIColor's values, in the order
    /// UIKit documents them; scripts read them as `color.NAME`.
    ///
    ///     Color.named["orange"]   // Color(red: 1, green: 0.5, blue: 0)
    public static let namedColors: [(name: String, color: Color)] = [
        ("black", .black),
        ("darkGray", Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)),
        ("lightGray", Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)),
        ("white", .white),
        ("gray", Color(red: 0.5, green: 0.5, blue: 0.5)),
        ("red", Color(red: 1, green: 0, blue: 0)),
        ("green", Color(red: 0, green: 1, blue: 0)),
        ("blue", Color(red: 0, green: 0, blue: 1)),
        ("cyan", Color(red: 0, green: 1, blue: 1)),
        ("yellow", Color(red: 1, green: 1, blue: 0)),
        ("magenta", Color(red: 1, green: 0, blue: 1)),
        ("orange", Color(red: 1, green: 0.5, blue: 0)),
        ("purple", Color(red: 0.5, green: 0, blue: 0.5)),
        ("brown", Color(red: 0.6, green: 0.4, blue: 0.2)),
        ("clear", .clear),
    ]

    /// `namedColors` by name.
    public static let named: [String: Color] = Dictionary(uniqueKeysWithValues: namedColors.map { ($0.name, $0.color) })
}
