//! Rule `online-event`.

use crate::diag::{Consequence, Diagnostic};
use crate::rules::{always, Ctx};
use crate::source::span::{Span, Spanned};

crate::declare_rule! {
    /// ## What it checks
    /// Whether the tournament section names an online platform or a web
    /// address where a place or a person belongs: the tournament name
    /// (`012`), the city (`022`), the federation (`032`), the chief and
    /// deputy arbiters (`102`, `112`). It looks for
    /// - a web address: `http://`, `https://`, or a word starting `www.`;
    /// - a platform, as a whole word or a domain: `lichess` (`lichess.org`),
    ///   `chess.com`, `chess24`, `playchess`, `tornelo`, `chessclub.com`,
    ///   `chesskid`, `chessarena` (FIDE Online Arena), and `ICC` written in
    ///   capitals (not in the tournament name, where it is more often a
    ///   club's initials).
    ///
    /// - a place that says the play was online: the city (`022`) written as
    ///   `Online`, `On-line`, `Internet`, `Virtual`, `En ligne`, `En línea`,
    ///   `Онлайн` or `Интернет`, alone or with other words (`Online
    ///   (Tornelo)`, `Internet / Zoom`).
    ///
    /// E-mail addresses (`arbiter@chess.com`) are not read: they name a mail
    /// host, not where the event was played.
    ///
    /// Whole words only: a club called "Chessington" or a city called
    /// "Lichfield" does not fire. One finding per file, on the first record
    /// that names a platform, with the others as secondary labels.
    ///
    /// With `--hybrid-approved` (the QC Chair approved this hybrid event
    /// individually) the finding is information only: approved hybrid
    /// events are rated like over-the-board play, with complete PGN sent
    /// with the report.
    ///
    /// ## Why it matters
    /// Online play is not rated on FIDE's over-the-board lists: rated games
    /// follow the Laws of Chess or, for hybrid events (players on site under
    /// an arbiter, moves on a server), the hybrid regulations, and a hybrid
    /// event is rated only when the QC Chair approved it individually. A
    /// platform's export (the platform as federation, URLs as city and
    /// arbiter) is such an event.
    ///
    /// ## Example
    /// ```text
    /// 022 https://lichess.org/swiss/QLMFFLBq
    /// 032 Lichess
    /// 102 https://lichess.org/swiss
    /// ```
    /// An online Swiss: FIDE does not rate it. A hybrid event the QC Chair
    /// approved: run `trf check --hybrid-approved`, write the venue's city in
    /// `022`, the host federation in `032`, the arbiters' names and FIDE IDs
    /// in `102`/`112`.
    ///
    /// ## Reference
    /// FIDE Rating Regulations 2022 and 2024, art. 2.1 (Laws of Chess or
    /// hybrid regulations), 0.2 and 9.4 (hybrid events approved by the QC
    /// Chair, complete PGN); FIDE Online Chess Regulations Part III(b)
    /// (hybrid competitions rated from January 2021).
    pub(crate) static ONLINE_EVENT = {
        code: "TRF-F016", name: "online-event",
        severity: Error, summary: "the header names an online platform or a web address",
        consequence: EventNotRated,
        source: "B.02 2022/2024 art. 2.1: rated play follows the Laws of Chess or the hybrid regulations; hybrid events only when individually approved by the QC Chair (0.2, 9.4; Online Chess Regulations III(b)); FIDE's server behaviour for online events is not published",
        applies: always, check: check,
    };
}

/// Platforms, lowercase, matched as a whole word or as the last labels of
/// a domain (`lichess` matches `lichess`, `lichess.org`, `en.lichess.org`).
const PLATFORMS: &[&str] = &[
    "lichess",
    "chess.com",
    "chess24",
    "playchess",
    "tornelo",
    "chessclub.com",
    "chesskid",
    "chessarena",
];

/// Words of a place (`022`) that say the play was online, lowercase,
/// matched as whole words; and phrases matched as whole words in order.
const ONLINE_PLACES: &[&str] = &["online", "internet", "virtual", "онлайн", "интернет"];
const ONLINE_PHRASES: &[&[&str]] = &[
    &["on", "line"],
    &["en", "ligne"],
    &["en", "línea"],
    &["en", "linea"],
];

/// What a place (`022`) says that makes the event online: "the place
/// `Online`".
fn online_place(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let said = words.iter().any(|w| ONLINE_PLACES.contains(w))
        || ONLINE_PHRASES
            .iter()
            .any(|p| words.windows(p.len()).any(|w| w == *p));
    said.then(|| format!("the place `{}`", text.trim()))
}

/// What a field says that makes it online, e.g. "`lichess.org`".
/// `name`: the text is the tournament name (`012`).
fn online_mark(text: &str, name: bool) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    if let Some(at) = lower.find("http://").or_else(|| lower.find("https://")) {
        let url: String = text[at..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .collect();
        return Some(format!("the web address `{url}`"));
    }
    // An e-mail address names a mail host, not where the event was played.
    let words = text
        .split_whitespace()
        .filter(|w| !w.contains('@'))
        .flat_map(|w| {
            w.split(|c: char| !(c.is_alphanumeric() || c == '.' || c == '-' || c == '/'))
        });
    for word in words {
        // A path after a domain (`lichess.org/swiss`) belongs to the domain.
        let host = word
            .split('/')
            .next()
            .unwrap_or("")
            .trim_matches(['.', '-']);
        if host.is_empty() {
            continue;
        }
        // In a tournament name `ICC` is more often a club's initials.
        if host == "ICC" && !name {
            return Some("the platform `ICC` (Internet Chess Club)".to_owned());
        }
        let h = host.to_ascii_lowercase();
        if h.starts_with("www.") {
            return Some(format!("the web address `{host}`"));
        }
        for p in PLATFORMS {
            if is_platform(&h, p) {
                return Some(format!("the online platform `{host}`"));
            }
        }
    }
    None
}

/// `host` is platform `p` itself, `p` with a top-level domain
/// (`lichess.org`), or a subdomain of either.
fn is_platform(host: &str, p: &str) -> bool {
    // By suffix compares, not label by label: every word of the header is
    // tried against every platform. `s` ends with the labels of `p`.
    let ends_with_labels = |s: &str| {
        s.strip_suffix(p)
            .is_some_and(|before| before.is_empty() || before.ends_with('.'))
    };
    if p.contains('.') {
        // A domain: `chess.com`, `www.chess.com`.
        return ends_with_labels(host);
    }
    // A name: the whole word, or the label before a top-level domain.
    host == p
        || host
            .rfind('.')
            .is_some_and(|dot| ends_with_labels(&host[..dot]))
}

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let h = &ctx.tournament.header;
    let fields: Vec<(&str, &Spanned<String>)> = [
        ("012", h.name.as_ref()),
        ("022", h.city.as_ref()),
        ("032", h.federation.as_ref()),
        ("102", h.chief_arbiter.as_ref()),
    ]
    .into_iter()
    .filter_map(|(code, f)| f.map(|f| (code, f)))
    .chain(h.deputy_arbiters.iter().map(|f| ("112", f)))
    .collect();
    let hits: Vec<(&str, Span, String)> = fields
        .iter()
        .filter_map(|(code, f)| {
            online_mark(&f.value, *code == "012")
                .or_else(|| (*code == "022").then(|| online_place(&f.value)).flatten())
                .map(|m| (*code, f.span, m))
        })
        .collect();
    let Some((code, span, mark)) = hits.first() else {
        return;
    };
    let others = match hits.len() {
        1 => String::new(),
        n => format!(" (and {} other records)", n - 1),
    };
    let mut d = ONLINE_EVENT
        .diag(format!(
            "record `{code}` names {mark}{others}: an online event"
        ))
        .primary(*span, "online");
    for (code, span, _) in &hits[1..] {
        d = d.secondary(*span, format!("`{code}` online too"));
    }
    let d = if ctx.opts.hybrid_approved {
        d.with_consequence(Consequence::Info).help(
            "approved hybrid event (--hybrid-approved): rated like over-the-board play; send complete PGN with the report, and write the venue's city, the host federation and the arbiters in the header",
        )
    } else {
        d.help(
            "FIDE does not rate online play on its over-the-board lists; a hybrid event (players on site under an arbiter) is rated only when the QC Chair approved it individually: if so, run with --hybrid-approved and send complete PGN with the report",
        )
    };
    out.push(d.reference(
        "FIDE Rating Regulations 2022/2024 art. 2.1, 0.2, 9.4; FIDE Online Chess Regulations Part III(b) (hybrid events)",
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platforms_are_whole_words_or_domains() {
        for online in [
            "Lichess",
            "https://lichess.org/swiss/QLMFFLBq",
            "Lichess.org",
            "en.lichess.org/tournament",
            "www.example.org",
            "Chess.com Rapid",
            "Tornelo",
            "chess24 Banter",
            "ICC",
            "http://localhost",
            "Playchess.com",
        ] {
            assert!(online_mark(online, false).is_some(), "{online}");
        }
        for otb in [
            "Chessington",
            "Lichfield",
            "London",
            "Chess Club Dublin",
            "Frankfurt (Main) /GER",
            "Ralph Blum (SV Griesheim)",
            "IA Mikel Larreategi Arana (22232540)",
            "Icc",
            "Chess.Community Hall",
            "ENG",
            "Michael Germaine, arbiter@chess.com",
        ] {
            assert!(online_mark(otb, false).is_none(), "{otb}");
        }
        assert!(online_mark("ICC Championship 2025", true).is_none());
        for place in [
            "Online",
            "ONLINE",
            "On-line",
            "Internet",
            "Online (Tornelo)",
            "Internet / Zoom",
            "Virtual",
            "En ligne",
            "En línea",
            "Онлайн",
        ] {
            assert!(online_place(place).is_some(), "{place}");
        }
        for place in [
            "London",
            "Onlinesville",
            "Lineham",
            "Virtus Arena",
            "Encino",
            "Linz",
        ] {
            assert!(online_place(place).is_none(), "{place}");
        }
        assert!(online_mark("Lichess Titled Arena", true).is_some());
    }

    /// The suffix test says what the label-by-label test said, for hosts
    /// built from platform names, their labels and other labels.
    #[test]
    fn suffix_test_agrees_with_labels() {
        fn by_labels(host: &str, p: &str) -> bool {
            if p.contains('.') {
                let mut labels = host.rsplit('.');
                return p.rsplit('.').all(|w| labels.next() == Some(w));
            }
            let mut labels = host.rsplit('.');
            host == p || (labels.next().is_some() && labels.next() == Some(p))
        }
        let parts = [
            "",
            "lichess",
            "chess",
            "com",
            "org",
            "www",
            "my",
            "chess.com",
            "clubchess",
            "x",
        ];
        let mut tried = 0;
        for a in parts {
            for b in parts {
                for c in parts {
                    let host = [a, b, c]
                        .into_iter()
                        .filter(|s| !s.is_empty())
                        .collect::<Vec<_>>()
                        .join(".");
                    for h in [host.clone(), format!("{host}.."), format!(".{host}")] {
                        for p in PLATFORMS {
                            assert_eq!(is_platform(&h, p), by_labels(&h, p), "{h} {p}");
                            tried += 1;
                        }
                    }
                }
            }
        }
        assert!(tried > 1000);
    }
}
