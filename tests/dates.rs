//! Dates decide the edition (issue 24, item 1): the start date (`042`),
//! the end date (`052`) and the round dates (`132`) choose the FIDE Rating
//! Regulations in force (transition clause, 0.1), K and every deadline. A
//! date typed wrong must not choose them, nor pass as `ready`: edits of
//! ready reports, one mistake each.

mod common;

use trfkit::Options;
use trfkit::Version;
use trfkit::{check, CheckReport};
use trfkit::{Consequence, Verdict};

/// The report `sample` with `from` replaced by `to` (which must occur).
fn edited(sample: &str, from: &str, to: &str) -> trfkit::Parsed {
    let text = std::fs::read_to_string(common::root().join("samples/hand").join(sample)).unwrap();
    assert!(text.contains(from), "{sample}: no `{from}`");
    trfkit::parse_str(&text.replacen(from, to, 1))
}

/// The report without its `132` record.
fn without_round_dates(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("132"))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn checked(p: &trfkit::Parsed) -> CheckReport {
    check(p, &Options::default())
}

/// The findings of `rule` with `consequence`.
fn findings<'a>(rep: &'a CheckReport, rule: &str, consequence: Consequence) -> Vec<&'a str> {
    rep.diagnostics
        .iter()
        .filter(|d| d.rule == rule && d.consequence == consequence)
        .map(|d| d.message.as_str())
        .collect()
}

#[test]
fn the_samples_are_ready_as_written() {
    for s in [
        "rate-2022-example-a.trf",
        "rr-2005-worked-example.trf",
        "version-diff-2024.trf",
    ] {
        let rep = checked(&edited(s, "042", "042"));
        assert_eq!(rep.verdict, Verdict::Ready, "{s}: {:#?}", rep.diagnostics);
    }
}

/// A year typed wrong in `042`: the round dates and `052` agree, so the
/// edition, K and the date rules follow them; the report must be fixed.
#[test]
fn a_start_date_the_rounds_and_the_end_date_contradict_is_fixed_and_not_followed() {
    for (sample, from, to, edition) in [
        (
            "rate-2022-example-a.trf",
            "042 2023/03/10",
            "042 2013/03/10",
            Version::V2022,
        ),
        (
            "rr-2005-worked-example.trf",
            "042 2006/05/01",
            "042 2016/05/01",
            Version::V2005,
        ),
        (
            "version-diff-2024.trf",
            "042 2024/05/11",
            "042 2014/05/11",
            Version::V2024,
        ),
        // One year off.
        (
            "version-diff-2024.trf",
            "042 2024/05/11",
            "042 2023/05/11",
            Version::V2024,
        ),
    ] {
        let p = edited(sample, from, to);
        let rep = checked(&p);
        assert_eq!(rep.verdict, Verdict::FixBeforeUpload, "{sample} {to}");
        assert_eq!(
            rep.regulations, edition,
            "{sample} {to}: the edition follows the rounds"
        );
        let f = findings(
            &rep,
            "round-date-outside-tournament",
            Consequence::FixBeforeUpload,
        );
        assert_eq!(f.len(), 1, "{sample} {to}: {:#?}", rep.diagnostics);
        assert!(
            f[0].starts_with(&format!(
                "start date `{}` disagrees with the round dates",
                &to[4..]
            )),
            "{}",
            f[0]
        );
        assert!(f[0].contains("the start is taken as"), "{}", f[0]);
        // The rating pass uses the same edition.
        let summary = trfkit::rate(&p.tournament, &trfkit::RateOptions::default());
        assert_eq!(summary.regulations, edition, "{sample} {to}");
    }
}

#[test]
fn an_end_date_the_rounds_and_the_start_date_contradict_is_fixed() {
    for (sample, from, to) in [
        (
            "rate-2022-example-a.trf",
            "052 2023/03/14",
            "052 2024/03/14",
        ),
        (
            "rr-2005-worked-example.trf",
            "052 2006/05/09",
            "052 2005/05/09",
        ),
    ] {
        let p = edited(sample, from, to);
        let rep = checked(&p);
        assert_eq!(rep.verdict, Verdict::FixBeforeUpload, "{sample} {to}");
        let f = findings(
            &rep,
            "round-date-outside-tournament",
            Consequence::FixBeforeUpload,
        );
        assert!(
            f.iter()
                .any(|m| m.starts_with(&format!("end date `{}` disagrees", &to[4..]))),
            "{sample} {to}: {:#?}",
            rep.diagnostics
        );
        // Every date rule follows the last round, not the typo.
        let end = p.tournament.end_date().unwrap();
        assert_eq!(
            Some(end),
            p.tournament
                .header
                .round_dates
                .iter()
                .rev()
                .find_map(|d| d.value.as_ref().and_then(|f| f.date))
        );
    }
}

/// An unreadable `042` must be corrected (the README promises it for a
/// missing one); the round dates choose the edition meanwhile, and say so.
#[test]
fn an_unreadable_start_date_is_fixed_and_the_rounds_choose_the_edition() {
    let rep = checked(&edited(
        "rate-2022-example-a.trf",
        "042 2023/03/10",
        "042 2023/13/10",
    ));
    assert_eq!(rep.verdict, Verdict::FixBeforeUpload);
    assert_eq!(rep.regulations, Version::V2022);
    let f = findings(&rep, "start-date-unknown", Consequence::FixBeforeUpload);
    assert_eq!(f.len(), 1, "{:#?}", rep.diagnostics);
    assert!(
        f[0].contains("the first round date, 2023/03/10, chose the FIDE Rating Regulations"),
        "{}",
        f[0]
    );
}

/// `10/03/2023` reads as 10 March or 3 October: the round dates (10-14
/// March) settle it, said once as information; the report stays ready.
/// `05/06/2023` (5 June or 6 May) agrees with no round date: it must be
/// corrected. With nothing to settle it (no round dates, an ambiguous end
/// date), too.
#[test]
fn ambiguous_dates_are_settled_by_the_rounds_or_fixed() {
    let rep = checked(&edited(
        "rate-2022-example-a.trf",
        "042 2023/03/10",
        "042 10/03/2023",
    ));
    assert_eq!(rep.verdict, Verdict::Ready, "{:#?}", rep.diagnostics);
    let f = findings(&rep, "ambiguous-date", Consequence::Info);
    assert_eq!(f.len(), 1, "{:#?}", rep.diagnostics);
    assert!(
        f[0].contains("the end date settles it as 2023/03/10"),
        "{}",
        f[0]
    );
    assert_eq!(rep.regulations, Version::V2022);
    // Without `052`, the round dates settle it.
    let p = edited(
        "rate-2022-example-a.trf",
        "042 2023/03/10",
        "042 10/03/2023",
    );
    let text = p.text.replacen("052 2023/03/14\n", "", 1);
    let rep = checked(&trfkit::parse_str(&text));
    let f = findings(&rep, "ambiguous-date", Consequence::Info);
    assert_eq!(f.len(), 1, "{:#?}", rep.diagnostics);
    assert!(
        f[0].contains("the round dates settle it as 2023/03/10"),
        "{}",
        f[0]
    );
    assert_eq!(rep.regulations, Version::V2022);

    let rep = checked(&edited(
        "rate-2022-example-a.trf",
        "042 2023/03/10",
        "042 05/06/2023",
    ));
    assert_eq!(rep.verdict, Verdict::FixBeforeUpload);
    let f = findings(&rep, "ambiguous-date", Consequence::FixBeforeUpload);
    assert_eq!(f.len(), 1, "{:#?}", rep.diagnostics);
    assert!(
        f[0].contains("neither reading agrees with the round dates"),
        "{}",
        f[0]
    );

    let p = edited(
        "rate-2022-example-a.trf",
        "042 2023/03/10",
        "042 10/03/2023",
    );
    // `10/03/2023` and `03/04/2023` make one event only as 10 March to 3
    // April: the pair settles itself.
    let text = p.text.replacen("052 2023/03/14", "052 03/04/2023", 1);
    let text = without_round_dates(&text);
    let rep = checked(&trfkit::parse_str(&text));
    let f = findings(&rep, "ambiguous-date", Consequence::Info);
    assert_eq!(f.len(), 2, "{:#?}", rep.diagnostics);
    // `05/06/2023` to `07/08/2023` is an event whichever way it is read.
    let text = p
        .text
        .replacen("042 10/03/2023", "042 05/06/2023", 1)
        .replacen("052 2023/03/14", "052 07/08/2023", 1);
    let text = without_round_dates(&text);
    let rep = checked(&trfkit::parse_str(&text));
    assert_eq!(rep.verdict, Verdict::FixBeforeUpload);
    let f = findings(&rep, "ambiguous-date", Consequence::FixBeforeUpload);
    assert_eq!(f.len(), 2, "{:#?}", rep.diagnostics);
    assert!(f
        .iter()
        .all(|m| m.contains("neither the other date nor the round dates settle it")));
}
