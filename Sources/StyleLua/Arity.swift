import StyleCore

extension Evaluation {
    /// Checks the number of arguments of a call of `function`, whose first argument is at
    /// stack index `first` (2 for a method or a callable table, whose first slot is itself).
    func checkArity(_ function: String, first: Int32 = 1) throws(ScriptError) {
        guard let signature = APISignature.all[function] else { return }
        let got = Int(max(0, vm.top - first + 1))
        guard !signature.arguments.contains(got) else { return }
        let name = function.split(separator: ".").last.map(String.init) ?? function
        throw failure(.misuse(.arity(function: function, parameters: signature.parameters, got: got, note: signature.note)), pointingAt: [name])
    }
}
