import StyleCore

extension Evaluation {
    /// Checks the number of arguments of a call of `function` (as `APIEntry.messageName`
    /// writes it) against the API table, whose first argument is at stack index `first` (2 for
    /// a method or a callable table, whose first slot is itself).
    func checkArity(_ function: String, first: Int32 = 1) throws(ScriptError) {
        guard let entry = APITable.entry(function), let arguments = entry.arguments else { return }
        let got = Int(max(0, vm.top - first + 1))
        guard !arguments.contains(got) else { return }
        let name = function.split(separator: ".").last.map(String.init) ?? function
        throw failure(.misuse(.arity(function: function, parameters: entry.said, got: got, note: entry.note)), pointingAt: [name])
    }
}
