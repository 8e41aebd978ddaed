//! SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format) for
//! code-scanning tools: one run holding every rule and every file's
//! findings, columns counted in Unicode code points as TRF counts them.
//!
//! The shape follows the published schema (`tests/schemas/`), which
//! `tests/sarif.rs` validates against.

use super::{all_rules, FileFindings, Region};
use crate::diag::{Diagnostic, RuleMeta, Severity};
use serde::Serialize;
use std::collections::HashMap;

/// The schema this output conforms to.
pub(crate) const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// A SARIF log: the document `trf check --format sarif` prints.
#[derive(Debug, Serialize)]
pub(crate) struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run; 1],
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: Tool,
    /// Present when some file could not be read: the run did not check it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    invocations: Vec<Invocation>,
    column_kind: &'static str,
    artifacts: Vec<Artifact>,
    results: Vec<SarifResult>,
}

/// How the run went: a file that could not be read is a tool notification,
/// not a result (no rule judged it), and the run was not fully successful.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation {
    execution_successful: bool,
    tool_execution_notifications: Vec<Notification>,
}

#[derive(Debug, Serialize)]
struct Notification {
    level: &'static str,
    message: Text,
    locations: Vec<NotificationLocation>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct NotificationLocation {
    physical_location: NotificationPhysical,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct NotificationPhysical {
    artifact_location: NotificationArtifact,
}

#[derive(Debug, Serialize)]
struct NotificationArtifact {
    uri: String,
}

#[derive(Debug, Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    information_uri: &'static str,
    rules: Vec<Rule>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    name: &'static str,
    short_description: Text,
    help: Help,
    default_configuration: Configuration,
    properties: RuleProperties,
}

#[derive(Debug, Serialize)]
struct Text {
    text: String,
}

#[derive(Debug, Serialize)]
struct Help {
    text: String,
    markdown: String,
}

#[derive(Debug, Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleProperties {
    consequence: &'static str,
    category: &'static str,
    consequence_source: &'static str,
    unconfirmed: bool,
}

#[derive(Debug, Serialize)]
struct Artifact {
    location: ArtifactLocation,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    index: usize,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_index: Option<usize>,
    level: &'static str,
    message: Text,
    locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location>,
    properties: ResultProperties,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Text>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<SarifRegion>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifRegion {
    start_line: u32,
    start_column: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_line: Option<u32>,
    end_column: u32,
}

#[derive(Debug, Serialize)]
struct ResultProperties {
    consequence: &'static str,
    rule: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
}

/// SARIF's level of a severity: advice is a `note`.
pub(crate) fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "note",
    }
}

/// A file path as a URI reference: `/` separators, and every byte outside
/// the unreserved set and `/` percent-encoded (a space, `#` or `%` in a
/// name must not change what the URI points to); a Windows drive path
/// becomes a `file:` URI.
pub(crate) fn uri(path: &str) -> String {
    use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
    const KEEP: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'.')
        .remove(b'_')
        .remove(b'~')
        .remove(b'/');
    // A Windows drive path is absolute: a `file:` URI keeps its drive.
    let raw = path.as_bytes();
    let windows = cfg!(windows)
        || (raw.len() > 2 && raw[0].is_ascii_alphabetic() && raw[1] == b':' && raw[2] == b'\\');
    if !windows {
        // Elsewhere a backslash is part of a name, not a separator: the
        // shown name's escapes (`\\`, `\xNN`, `\u{NN}`) are undone and every
        // byte that needs it percent-encoded (`\` as `%5C`), so the URI
        // names the file itself.
        return percent_encoding::percent_encode(&unshown(path), KEEP).to_string();
    }
    let path = path.replace('\\', "/");
    let b = path.as_bytes();
    if b.len() > 2 && b[0].is_ascii_alphabetic() && b[1] == b':' && b[2] == b'/' {
        return format!(
            "file:///{}:{}",
            &path[..1],
            utf8_percent_encode(&path[2..], KEEP)
        );
    }
    utf8_percent_encode(&path, KEEP).to_string()
}

/// The bytes of a name as the command line shows it (`\\` a backslash,
/// `\xNN` a byte that is not UTF-8, `\u{NN}` a control character).
fn unshown(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            match b.get(i + 1) {
                Some(b'\\') => {
                    out.push(b'\\');
                    i += 2;
                    continue;
                }
                Some(b'x') => {
                    if let Some(v) = s
                        .get(i + 2..i + 4)
                        .and_then(|h| u8::from_str_radix(h, 16).ok())
                    {
                        out.push(v);
                        i += 4;
                        continue;
                    }
                }
                Some(b'u') if b.get(i + 2) == Some(&b'{') => {
                    if let Some(end) = s[i + 3..].find('}') {
                        let hex = &s[i + 3..i + 3 + end];
                        if let Some(c) = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)
                        {
                            let mut buf = [0; 4];
                            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                            i += 4 + end;
                            continue;
                        }
                    }
                }
                _ => {}
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

impl Log {
    /// One run with every rule and the findings of every file.
    pub(crate) fn new(files: &[FileFindings<'_>]) -> Log {
        let rules: Vec<&'static RuleMeta> = all_rules().collect();
        let index: HashMap<&'static str, usize> =
            rules.iter().enumerate().map(|(i, r)| (r.code, i)).collect();
        let artifacts: Vec<Artifact> = files
            .iter()
            .enumerate()
            .map(|(i, f)| Artifact {
                location: ArtifactLocation {
                    uri: uri(f.file),
                    index: i,
                },
            })
            .collect();
        let mut results = Vec::new();
        for (f, artifact) in files.iter().zip(&artifacts) {
            let loc = f.locator();
            for d in f.diagnostics {
                results.push(result(d, &loc, &artifact.location, index.get(d.code)));
            }
        }
        Log {
            schema: SCHEMA,
            version: "2.1.0",
            runs: [Run {
                tool: Tool {
                    driver: Driver {
                        name: "trfkit",
                        version: env!("CARGO_PKG_VERSION"),
                        information_uri: "https://crates.io/crates/trfkit",
                        rules: rules.into_iter().map(rule).collect(),
                    },
                },
                invocations: Vec::new(),
                column_kind: "unicodeCodePoints",
                artifacts,
                results,
            }],
        }
    }

    /// Adds the files that could not be read, `(path, why)`, as error
    /// notifications of one unsuccessful invocation.
    pub(crate) fn with_unreadable(mut self, files: &[(String, String)]) -> Log {
        if files.is_empty() {
            return self;
        }
        let notifications = files
            .iter()
            .map(|(path, why)| Notification {
                level: "error",
                message: Text {
                    text: format!("{path} could not be read: {why}"),
                },
                locations: vec![NotificationLocation {
                    physical_location: NotificationPhysical {
                        artifact_location: NotificationArtifact { uri: uri(path) },
                    },
                }],
            })
            .collect();
        self.runs[0].invocations = vec![Invocation {
            execution_successful: false,
            tool_execution_notifications: notifications,
        }];
        self
    }

    /// The log as pretty-printed JSON.
    pub(crate) fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// The rule's documentation as Markdown: the declarations keep the one
/// space of their doc-comment lines, which would indent every line.
fn markdown(explanation: &str) -> String {
    explanation
        .lines()
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

fn rule(m: &'static RuleMeta) -> Rule {
    let help = markdown(m.explanation);
    Rule {
        id: m.code,
        name: m.name,
        short_description: Text {
            text: m.summary.to_owned(),
        },
        help: Help {
            text: help.clone(),
            markdown: help,
        },
        default_configuration: Configuration {
            level: level(m.severity),
        },
        properties: RuleProperties {
            consequence: m.consequence.as_str(),
            category: m.category.as_str(),
            consequence_source: m.consequence_source,
            unconfirmed: m.unconfirmed,
        },
    }
}

fn result(
    d: &Diagnostic,
    loc: &crate::source::Locator<'_>,
    artifact: &ArtifactLocation,
    rule_index: Option<&usize>,
) -> SarifResult {
    let at = |span, message: Option<Text>, id| Location {
        id,
        physical_location: PhysicalLocation {
            artifact_location: artifact.clone(),
            region: Some(region(Region::of(loc, span))),
        },
        message,
    };
    let primary = d.primary_span();
    let locations = match primary {
        Some(span) => {
            let text = d
                .labels
                .iter()
                .find(|l| l.span == span && !l.text.is_empty())
                .map(|l| Text {
                    text: l.text.clone(),
                });
            vec![at(span, text, None)]
        }
        // A finding about the whole file still names the file.
        None => vec![Location {
            id: None,
            physical_location: PhysicalLocation {
                artifact_location: artifact.clone(),
                region: None,
            },
            message: None,
        }],
    };
    let related_locations = d
        .labels
        .iter()
        .filter(|l| Some(l.span) != primary && !l.text.is_empty())
        .enumerate()
        .map(|(i, l)| {
            at(
                l.span,
                Some(Text {
                    text: l.text.clone(),
                }),
                Some(i),
            )
        })
        .collect();
    SarifResult {
        rule_id: d.code,
        rule_index: rule_index.copied(),
        level: level(d.severity),
        message: Text {
            text: d.message.clone(),
        },
        locations,
        related_locations,
        properties: ResultProperties {
            consequence: d.consequence.as_str(),
            rule: d.rule,
            help: d.help.clone(),
            reference: d.reference.clone(),
        },
    }
}

fn region(r: Region) -> SarifRegion {
    SarifRegion {
        start_line: r.start_line,
        start_column: r.start_column,
        end_line: (r.end_line != r.start_line).then_some(r.end_line),
        end_column: r.end_column,
    }
}

#[cfg(test)]
mod uri_tests {
    use super::uri;

    #[test]
    fn artifact_uris_are_uri_references() {
        assert_eq!(uri("samples/hand/x.trf"), "samples/hand/x.trf");
        assert_eq!(
            uri(r"C:\reports\Open 2024 #2.trf"),
            "file:///C:/reports/Open%202024%20%232.trf"
        );
        assert_eq!(uri("Zürich.trf"), "Z%C3%BCrich.trf");
        // Issue 39: on Linux a backslash is part of a name (shown doubled).
        if !cfg!(windows) {
            assert_eq!(uri(r"bs/a\\b.trf"), "bs/a%5Cb.trf");
            assert_eq!(uri(r"x\u{1b}\xFF.trf"), "x%1B%FF.trf");
        }
    }
}
