//! Findings grouped for people: findings of one rule that say the same
//! thing, apart from the item they name, become one entry that lists each
//! item with its line ("record … is missing: `022` (city), `032`
//! (federation) (line 1)"). Machine formats (JSON, SARIF, annotations) keep
//! one finding each; only people's text is grouped.

use crate::diag::{Consequence, Diagnostic};
use crate::source::Locator;

/// One entry of a report's human output: a finding, or several of one rule
/// that differ only in the item they name.
#[derive(Debug, Clone)]
pub(crate) struct Entry<'a> {
    /// The findings, in position order; the first gives the rule, the
    /// position, the help and the reference.
    pub findings: Vec<&'a Diagnostic>,
    /// The message: the finding's own, or the shared words with each
    /// finding's item and line.
    pub message: String,
}

impl<'a> Entry<'a> {
    /// The first finding (every entry has one).
    pub(crate) fn first(&self) -> &'a Diagnostic {
        self.findings[0]
    }

    /// The help: the first finding's (the others' say the same for their
    /// own item).
    pub(crate) fn help(&self) -> Option<&'a str> {
        self.first().help.as_deref()
    }

    /// A diagnostic for the graphical renderer: the first finding with the
    /// grouped message and every finding's primary span.
    pub(crate) fn diagnostic(&self) -> Diagnostic {
        let mut d = self.first().clone();
        d.message = self.message.clone();
        for other in &self.findings[1..] {
            d.labels
                .extend(
                    other
                        .labels
                        .iter()
                        .filter(|l| l.primary)
                        .map(|l| crate::diag::Label {
                            primary: false,
                            ..l.clone()
                        }),
                );
        }
        d
    }
}

/// The entries of one consequence, in the order of their first finding.
pub(crate) fn entries<'a>(
    diags: &'a [Diagnostic],
    consequence: Consequence,
    loc: &Locator<'_>,
) -> Vec<Entry<'a>> {
    // Clusters per rule: a finding joins the first cluster of its rule
    // whose messages keep enough words in common with it.
    let mut clusters: Vec<Vec<&'a Diagnostic>> = Vec::new();
    for d in diags.iter().filter(|d| d.consequence == consequence) {
        let home = clusters.iter_mut().find(|c| {
            c[0].rule == d.rule
                && c[0].severity == d.severity
                && match (&c[0].grouping, &d.grouping) {
                    // Findings that say how they group: by their head.
                    (Some(a), Some(b)) => a.head == b.head,
                    (None, None) => {
                        let msgs: Vec<&str> = c
                            .iter()
                            .map(|x| x.message.as_str())
                            .chain([d.message.as_str()])
                            .collect();
                        alike(&msgs)
                    }
                    _ => false,
                }
        });
        match home {
            Some(c) => c.push(d),
            None => clusters.push(vec![d]),
        }
    }
    clusters
        .into_iter()
        .map(|findings| {
            let message = match &findings[0].grouping {
                _ if findings.len() == 1 => findings[0].message.clone(),
                Some(g) => listed(&g.head, &findings, loc),
                None => merged(&findings, loc),
            };
            Entry { findings, message }
        })
        .collect()
}

/// Words of a message (split on single spaces, so they join back exactly).
fn words(m: &str) -> Vec<&str> {
    m.split(' ').collect()
}

/// The numbers of words the messages share at the start and at the end;
/// at least one word of each message is left between them.
fn shared(msgs: &[&str]) -> (usize, usize) {
    let ws: Vec<Vec<&str>> = msgs.iter().map(|m| words(m)).collect();
    let shortest = ws.iter().map(Vec::len).min().unwrap_or(0);
    let mut p = 0;
    while p + 1 < shortest && ws.iter().all(|w| w[p] == ws[0][p]) {
        p += 1;
    }
    let mut s = 0;
    while p + s + 1 < shortest
        && ws
            .iter()
            .all(|w| w[w.len() - 1 - s] == ws[0][ws[0].len() - 1 - s])
    {
        s += 1;
    }
    (p, s)
}

/// Messages that say the same thing: the shared words are at least two and
/// at least half of the shortest message.
fn alike(msgs: &[&str]) -> bool {
    let shortest = msgs.iter().map(|m| words(m).len()).min().unwrap_or(0);
    let (p, s) = shared(msgs);
    p + s >= 2 && 2 * (p + s) >= shortest
}

/// "players described differently in `b.trf` (2 findings): FIDE ID 1
/// (player `1`): name `A` here, `B` there (line 14); …": the head once,
/// then each finding's item with its line (once, when they share it).
fn listed(head: &str, findings: &[&Diagnostic], loc: &Locator<'_>) -> String {
    let lines: Vec<u32> = findings.iter().map(|d| line_of(d, loc)).collect();
    let same_line = lines.iter().all(|l| *l == lines[0]);
    let items: Vec<String> = findings
        .iter()
        .zip(&lines)
        .map(|(d, l)| {
            let item = d.grouping.as_ref().map_or("", |g| g.item.as_str());
            if same_line || *l == 0 {
                item.to_owned()
            } else {
                format!("{item} (line {l})")
            }
        })
        .collect();
    let at = if same_line && lines[0] > 0 {
        format!(", line {}", lines[0])
    } else {
        String::new()
    };
    format!(
        "{head} ({} findings{at}): {}",
        findings.len(),
        items.join("; ")
    )
}

/// The line of a finding's primary label (0: none).
fn line_of(d: &Diagnostic, loc: &Locator<'_>) -> u32 {
    d.primary_span()
        .map(|sp| loc.locate(sp.start as usize).0)
        .unwrap_or(0)
}

/// "record … is missing (line 1): `022` (city); `032` (federation)", or,
/// when the lines differ, each item with its line.
fn merged(findings: &[&Diagnostic], loc: &Locator<'_>) -> String {
    let msgs: Vec<&str> = findings.iter().map(|d| d.message.as_str()).collect();
    let (p, s) = shared(&msgs);
    let lines: Vec<u32> = findings.iter().map(|d| line_of(d, loc)).collect();
    let same_line = lines.iter().all(|l| *l == lines[0]);
    // The same words on several lines: the sentence whole, once, with its
    // lines (no word of it is an item).
    if msgs.iter().all(|m| *m == msgs[0]) {
        let mut shown: Vec<String> = lines
            .iter()
            .filter(|&&l| l > 0)
            .map(u32::to_string)
            .collect();
        shown.dedup();
        let at = match shown.len() {
            0 => String::new(),
            1 => format!(", line {}", shown[0]),
            _ => format!(", lines {}", shown.join(", ")),
        };
        return format!("{} ({} findings{at})", msgs[0], findings.len());
    }
    // A mark that ends every item (`;`, `,`, `:`) belongs to the shared
    // words that follow, not to the items.
    let mark = msgs
        .iter()
        .map(|m| {
            let w = words(m);
            w[w.len() - s - 1]
                .chars()
                .last()
                .filter(|c| matches!(c, ';' | ',' | ':'))
        })
        .reduce(|a, b| if a == b { a } else { None })
        .flatten();
    let items: Vec<String> = msgs
        .iter()
        .zip(&lines)
        .map(|(m, l)| {
            let w = words(m);
            let mut item = w[p..w.len() - s].join(" ");
            if mark.is_some() {
                item.pop();
            }
            if same_line || *l == 0 {
                item
            } else {
                format!("{item} (line {l})")
            }
        })
        .collect();
    let w0 = words(msgs[0]);
    let head = w0[..p].join(" ");
    let tail = w0[w0.len() - s..].join(" ");
    let mut out = String::new();
    out.push_str(&head);
    if !head.is_empty() {
        out.push(' ');
    }
    out.push('…');
    if let Some(m) = mark {
        out.push(m);
    }
    if !tail.is_empty() {
        out.push(' ');
        out.push_str(&tail);
    }
    out.push_str(&format!(" ({} findings", findings.len()));
    if same_line && lines[0] > 0 {
        out.push_str(&format!(", line {}", lines[0]));
    }
    out.push_str("): ");
    out.push_str(&items.join("; "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Severity;
    use crate::source::Span;

    fn finding(rule: &'static str, message: &str, at: usize) -> Diagnostic {
        Diagnostic::new("TRF-T001", rule, Severity::Error, message)
            .primary(Span::new(at, at + 3), "")
            .with_consequence(Consequence::FixBeforeUpload)
    }

    /// The same sentence on several lines keeps its words whole.
    #[test]
    fn the_same_sentence_on_several_lines_stays_whole() {
        let text = "012 Open\n022 \n032 \n";
        let parsed = crate::parse_str(text);
        let loc = parsed.locator();
        let m = "round 1 block is not aligned on its columns";
        let diags = vec![finding("misaligned", m, 9), finding("misaligned", m, 14)];
        let e = entries(&diags, Consequence::FixBeforeUpload, &loc);
        assert_eq!(e.len(), 1, "{e:#?}");
        assert_eq!(e[0].message, format!("{m} (2 findings, lines 2, 3)"));
        // Different sentences are not made one.
        let diags = vec![
            finding("misaligned", m, 9),
            finding(
                "misaligned",
                "round 2 block is not aligned on its columns",
                14,
            ),
        ];
        let e = entries(&diags, Consequence::FixBeforeUpload, &loc);
        assert_eq!(
            e[0].message,
            "round … block is not aligned on its columns (2 findings): 1 (line 2); 2 (line 3)"
        );
    }

    #[test]
    fn findings_that_say_the_same_thing_become_one_entry() {
        let text = "012 Open\n022 \n032 \n";
        let parsed = crate::parse_str(text);
        let loc = parsed.locator();
        let diags = vec![
            finding("missing-record", "record `022` (city) is missing", 0),
            finding("missing-record", "record `032` (federation) is missing", 0),
            finding("unknown-club", "club code `AB1` is not known", 9),
            finding("unknown-club", "club code `CD2` is not known", 14),
            finding("other", "the time control cannot be read", 14),
        ];
        let e = entries(&diags, Consequence::FixBeforeUpload, &loc);
        assert_eq!(e.len(), 3, "{e:#?}");
        assert_eq!(
            e[0].message,
            "record … is missing (2 findings, line 1): `022` (city); `032` (federation)"
        );
        assert_eq!(
            e[1].message,
            "club code … is not known (2 findings): `AB1` (line 2); `CD2` (line 3)"
        );
        assert_eq!(e[2].message, "the time control cannot be read");
        assert_eq!(e[0].diagnostic().labels.len(), 2);
    }

    #[test]
    fn findings_that_say_how_they_group_are_one_entry_per_head() {
        let parsed = crate::parse_str("012 Open\n022 Graz\n032 AUT\n");
        let loc = parsed.locator();
        let conflict = |id: u32, at: usize, other: &str| {
            finding("conflict", &format!("ID {id} differs in `{other}`"), at)
                .grouped(format!("players differ in `{other}`"), format!("ID {id}"))
        };
        let diags = vec![
            conflict(1, 0, "b.trf"),
            conflict(2, 9, "c.trf"),
            conflict(3, 18, "b.trf"),
            conflict(4, 18, "c.trf"),
            // Alike in words, but without a grouping: its own entry.
            finding("conflict", "ID 5 differs in `b.trf`", 18),
        ];
        let e = entries(&diags, Consequence::FixBeforeUpload, &loc);
        let messages: Vec<&str> = e.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "players differ in `b.trf` (2 findings): ID 1 (line 1); ID 3 (line 3)",
                "players differ in `c.trf` (2 findings): ID 2 (line 2); ID 4 (line 3)",
                "ID 5 differs in `b.trf`",
            ]
        );
        // One finding alone keeps its own message.
        let one = [conflict(1, 0, "b.trf")];
        let e = entries(&one, Consequence::FixBeforeUpload, &loc);
        assert_eq!(e[0].message, "ID 1 differs in `b.trf`");
    }

    #[test]
    fn messages_that_share_little_stay_apart() {
        let parsed = crate::parse_str("012 Open\n");
        let loc = parsed.locator();
        let diags = vec![
            finding("r", "round 3 has no date", 0),
            finding("r", "the start date is after the end date of the event", 0),
        ];
        assert_eq!(entries(&diags, Consequence::FixBeforeUpload, &loc).len(), 2);
    }
}
