import Foundation
import StyleCore

/// A lint report as a SARIF 2.1.0 log, the format code scanning services read.
///
///     SARIF.log(report, version: "0.1.0").serialized(.pretty)
///
/// One run whose `tool.driver` is stylerun, with a rule per diagnostic code: the catalog's
/// rules in their fixed order, then any other code the report uses, so that `ruleIndex` values
/// stay the same from one run to the next. Columns count Unicode characters, as stylerun's do
/// (`columnKind: unicodeCodePoints`); relative paths are relative to the source root.
enum SARIF {
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    static func log(_ report: LintReport, version: String) -> JSONValue {
        var rules = LintRule.catalog
        for d in report.diagnostics where !rules.contains(where: { $0.code == d.code }) {
            rules.append(LintRule.named(d.code))
        }
        var driver: [(key: String, value: JSONValue)] = [("name", "stylerun")]
        if !version.isEmpty { driver.append(("version", .string(version))) }
        driver.append(("rules", .array(rules.map(rule))))
        let run: JSONValue = [
            "tool": ["driver": .object(driver)],
            "columnKind": "unicodeCodePoints",
            "results": .array(report.diagnostics.map { result($0, rules: rules) }),
        ]
        return [
            "$schema": .string(schema),
            "version": "2.1.0",
            "runs": [run],
        ]
    }

    private static func rule(_ rule: LintRule) -> JSONValue {
        [
            "id": .string(rule.code.rawValue),
            "name": .string(rule.name),
            "shortDescription": ["text": .string(rule.summary)],
            "defaultConfiguration": ["level": .string(level(rule.severity))],
        ]
    }

    private static func result(_ d: Diagnostic, rules: [LintRule]) -> JSONValue {
        let index = rules.firstIndex { $0.code == d.code } ?? 0
        var artifact: [(key: String, value: JSONValue)] = [("uri", .string(uri(d.file)))]
        if !d.file.hasPrefix("/") { artifact.append(("uriBaseId", "%SRCROOT%")) }
        var result: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(d.code.rawValue)),
            ("ruleIndex", .number(Double(index))),
            ("level", .string(level(d.severity))),
            ("message", ["text": .string(d.message)]),
            ("locations", [[
                "physicalLocation": [
                    "artifactLocation": .object(artifact),
                    "region": [
                        "startLine": .number(Double(d.line)),
                        "startColumn": .number(Double(d.column)),
                        "endLine": .number(Double(d.endLine)),
                        "endColumn": .number(Double(max(d.endColumn, d.column + (d.endLine == d.line ? 1 : 0)))),
                    ],
                ],
            ]]),
        ]
        if !d.suggestions.isEmpty {
            result.append(("properties", ["suggestions": .array(d.suggestions.map(JSONValue.string))]))
        }
        return .object(result)
    }

    private static func level(_ severity: Diagnostic.Severity) -> String {
        severity == .error ? "error" : "warning"
    }

    /// A path as a URI reference: `/` kept, everything outside the unreserved set escaped.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + escaped : escaped
    }
}
