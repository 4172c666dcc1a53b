import StyleCore
import StyleRun

/// `--state SELECTOR=STATE[+STATE…]` and `--trait NAME=VALUE` (SPEC §6.1, §6.2): read once
/// for every command that styles a tree, their mistakes as diagnostics that name the option.
enum StateOptions {
    static let state = OptionKey<[String]>.repeatedText(
        "state", placeholder: "SELECTOR=STATE", help: "Put the controls SELECTOR matches in STATE (highlighted, disabled, selected, focused, normal; several with +). Repeatable.")
    static let trait = OptionKey<[String]>.repeatedText(
        "trait", placeholder: "NAME=VALUE", help: "Style for a trait: colorScheme=dark, contentSize=accessibilityLarge, … Repeatable.")

    static var options: [ArgumentParser.Option] { [state.option, trait.option] }

    /// The traits `--trait` gives, or the diagnostic of the first bad one.
    static func traits(_ arguments: ParsedArguments) -> Result<Traits, Diagnostic> {
        var traits = Traits()
        for text in arguments[trait] {
            guard let equals = text.firstIndex(of: "=") else {
                return .failure(Diagnostic(.badArgument, "--trait '\(text)' needs NAME=VALUE, e.g. --trait colorScheme=dark.",
                                           at: location("--trait", column: 1)))
            }
            let name = String(text[..<equals]), value = String(text[text.index(after: equals)...])
            do throws(TraitError) { try traits.set(name, to: value) } catch {
                let column = if case .unknownValue = error { name.count + 2 } else { 1 }
                return .failure(Diagnostic(error.code, error.message, at: location("--trait", column: column),
                                           suggestions: error.suggestion.map { [$0] } ?? []))
            }
        }
        return .success(traits)
    }

    /// Gives `root`'s controls the states `--state` names, in order; the diagnostic of the
    /// first that cannot be read or matches no control.
    static func applyStates(_ arguments: ParsedArguments, sheet: LoadedStylesheet, to root: View) -> Diagnostic? {
        do throws(DiagnosticList) {
            try sheet.applyStates(arguments[state], to: root)
            return nil
        } catch {
            return error.diagnostics.first
        }
    }

    /// The first `--state` assignment whose form or states are wrong, checked before any
    /// script runs (`snapshot`, which gives them to every screen): `SELECTOR=STATE[+STATE…]`
    /// with known states. The selector is read against each screen's schema, which may declare
    /// kinds of its own.
    static func checkAssignments(_ assignments: [String]) -> Diagnostic? {
        for text in assignments {
            guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
                return Diagnostic(.badArgument, "--state '\(text)' needs SELECTOR=STATE, e.g. --state '#subscribe=highlighted'.",
                                  at: location("--state", column: 1))
            }
            if case .failure(let e) = ControlState.parseList(String(text[text.index(after: equals)...])) {
                return Diagnostic(e.code, e.message, at: location("--state", column: text.distance(from: text.startIndex, to: equals) + 2),
                                  suggestions: e.suggestion.map { [$0] } ?? [])
            }
        }
        return nil
    }

    private static func location(_ option: String, column: Int) -> SourceLocation {
        SourceLocation(file: option, line: 1, column: column)
    }
}
