//! `trf report`: a self-contained HTML report that says the verdict first,
//! escapes everything from the file, and never overwrites without `--force`.

mod common;

use common::{root, trf};
use std::path::Path;

/// The report's body (the stylesheet is left out: a change of style is
/// not a change of content) with its volatile part, the time of the
/// check, redacted.
fn redact(html: &str) -> String {
    let body = &html[html.find("<main").expect("main")..];
    let (head, rest) = body.split_once("Checked by trfkit ").expect("footer");
    let (_, tail) = rest.split_once(". This report").expect("footer end");
    format!("{head}Checked by [trfkit version] on [time]. This report{tail}")
}

fn copy_sample(dir: &Path, sample: &str) -> std::path::PathBuf {
    let to = dir.join(Path::new(sample).file_name().unwrap());
    std::fs::copy(root().join(sample), &to).unwrap();
    to
}

#[test]
fn report_is_written_beside_the_input_and_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let input = copy_sample(dir.path(), "samples/hand/malformed-syntax.trf");
    let dest = dir.path().join("malformed-syntax.report.html");
    let (code, out, err) = trf(&["report", input.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("malformed-syntax.report.html"), "{out}");
    let first = std::fs::read_to_string(&dest).unwrap();
    assert!(first.starts_with("<!DOCTYPE html>"));

    // A second run refuses, says why, and leaves the file alone.
    std::fs::write(&dest, "kept").unwrap();
    let (code, _, err) = trf(&["report", input.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("exists") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&dest).unwrap(), "kept");

    let (code, _, err) = trf(&["report", input.to_str().unwrap(), "--force"]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&dest)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));

    let other = dir.path().join("out.html");
    let (code, _, err) = trf(&[
        "report",
        input.to_str().unwrap(),
        "-o",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(other.is_file());
    // No temporary file is left behind.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "malformed-syntax.report.html",
            "malformed-syntax.trf",
            "out.html"
        ]
    );
}

#[test]
fn unreadable_input_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.trf");
    let (code, _, err) = trf(&["report", missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("nope.trf"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

fn render(text: &str) -> String {
    let parsed = trfkit::parse_str(text);
    let check = trfkit::check(&parsed, &Default::default());
    let rating = trfkit::rate(&parsed.tournament, &Default::default());
    trfkit::render::html_report(&trfkit::render::ReportInput {
        file: "x.trf",
        parsed: &parsed,
        check: &check,
        rating: &rating,
    })
}

#[test]
fn everything_from_the_file_is_escaped() {
    let html = render(
        "012 <script>alert(1)</script> & \"Open\"\n042 2024/05/04\n\
001    1 m    <b>Doe</b>, J&ohn                 1850 ENG     1234567 1990/01/01  1.0    1     2 w 1\n\
001    2 m    Roe, \"Richard\"                  1700 ENG     2345678 1992/05/03  0.0    2     1 b 0\n",
    );
    assert!(!html.contains("<script"), "a script got through");
    assert!(!html.contains("<b>Doe"), "markup from a name got through");
    // askama writes numeric character references.
    assert!(
        html.contains("<h1>&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Open&#34;</h1>")
    );
    assert!(html.contains("&#60;b&#62;Doe&#60;/b&#62;, J&#38;ohn"));
}

#[test]
fn report_is_self_contained_and_printable() {
    let html = std::fs::read_to_string(root().join("samples/hand/malformed-syntax.trf"))
        .map(|t| render(&t))
        .unwrap();
    assert!(!html.contains("<script"));
    assert!(!html.contains("<link"));
    for attr in ["src=\"http", "href=\"http", "url(http", "@import"] {
        assert!(!html.contains(attr), "fetches {attr}");
    }
    assert!(html.contains("@page { size: A4;"));
    assert!(html.contains("<mark class=\"primary\""));
}

#[test]
fn verdict_comes_first_and_findings_gravest_first() {
    let text = std::fs::read_to_string(root().join("samples/hand/malformed-syntax.trf")).unwrap();
    let parsed = trfkit::parse_str(&text);
    let check = trfkit::check(&parsed, &Default::default());
    let html = render(&text);
    let verdict = html.find("class=\"verdict ").expect("verdict");
    let first_finding = html.find("class=\"finding\"").expect("a finding");
    assert!(verdict < first_finding);
    assert!(html.contains(&format!("data-verdict=\"{}\"", check.verdict.as_str())));
    // Groups in the order of Consequence::ALL.
    let positions: Vec<usize> = trfkit::Consequence::ALL
        .iter()
        .filter(|c| check.count(**c) > 0)
        .map(|c| {
            html.find(&format!("class=\"group c-{}\"", c.as_str()))
                .unwrap()
        })
        .collect();
    assert!(positions.len() >= 2);
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{positions:?}");
}

#[test]
fn excluded_games_are_marked_and_explained() {
    let html = render(
        "012 Forfeits\n042 2024/05/04\n\
001    1 m    Doe, John                         1850 ENG     1234567 1990/01/01  2.0    1     2 w 1     3 b +\n\
001    2 m    Roe, Richard                      1700 ENG     2345678 1992/05/03  0.5    2     1 b 0  0000 - H\n\
001    3 m    Poe, Edgar                        1600 ENG     3456789 1991/05/03  0.0    3  0000 - Z     1 w -\n",
    );
    // Hover text on the cell, and the same words in the printed legend.
    let why = "forfeit (+ or −): the game was not played and is not rated";
    assert!(
        html.contains(&format!("<td class=\"r x\" title=\"{why}\">")),
        "{html}"
    );
    assert!(
        html.contains(&format!("<span class=\"m\">a</span>{why} (2)")),
        "{html}"
    );
    assert!(html.contains("bye (H, F, U, Z): no game was played (2)"));
}

#[test]
fn snapshot_of_a_sample_report() {
    let text = std::fs::read_to_string(root().join("samples/hand/malformed-syntax.trf")).unwrap();
    insta::assert_snapshot!(redact(&render(&text)));
}

#[test]
fn snapshot_of_a_rated_round_robin() {
    let text =
        std::fs::read_to_string(root().join("samples/hand/rr-2005-worked-example.trf")).unwrap();
    insta::assert_snapshot!(redact(&render(&text)));
}

#[test]
fn the_crosstable_of_a_huge_report_is_cut_and_its_legend_counts_every_game() {
    // 700 players of 99 rounds: 69 300 games, more than the table shows.
    let text = trfkit::generate::generate(&trfkit::generate::GenOptions::new(700, 99, 7)).unwrap();
    let html = render(&text);
    // The table shows 50 000 games at most: 505 rows of 99 rounds.
    let shown = 505;
    let rows = html.matches("<td class=\"name\">").count();
    // The rating table lists every player once; the crosstable only `shown`.
    assert!(rows < 700 + shown + 1 && rows >= shown, "{rows}");
    assert!(
        html.contains(&format!(
            "The table shows the first {shown} players; the other {} are left out",
            700 - shown
        )),
        "no note"
    );
    // Byes are counted in every row, shown or not.
    let byes = text
        .lines()
        .filter(|l| l.starts_with("001"))
        .flat_map(|l| l.get(91..).unwrap_or("").as_bytes().chunks(10))
        .filter(|c| c.len() >= 8 && matches!(c[7], b'H' | b'F' | b'U' | b'Z'))
        .count();
    assert!(byes > 0);
    assert!(
        html.contains(&format!("no game was played ({byes})")),
        "{byes} byes"
    );
    // A small report is whole, without the note.
    assert!(!render(
        &std::fs::read_to_string(root().join("samples/hand/swiss-utf8-lf.trf")).unwrap()
    )
    .contains("are left out"));
}

/// The header of `trf check` and the HTML report take the event's list and
/// band from the decisions the findings word (issue: a header that said
/// "120 min for 60 moves: at least the 60 min of the standard list" while
/// `time-control-below-minimum` said 90 min, below the 120 of the band).
/// `G/90 d30` reaches 120 min for 60 moves only if the delay counts like an
/// increment, which B.02 does not say: the five games of the 2450 player
/// are left out, and every output says so.
#[test]
fn header_and_report_take_the_band_from_the_findings_decision() {
    let sample = "samples/hand/delay-below-band-2024.trf";
    let (code, human, err) = trf(&["check", sample]);
    assert_eq!(code, 0, "{human}{err}");
    let header = human.lines().next().unwrap();
    assert!(
        header.contains("90 min without it; 5 of 20 games below their band, not rated"),
        "{header}"
    );
    assert!(human.contains("5 of 20 games are below the minimum rate of play"));
    assert!(!human.contains("at least the 60 min"), "{human}");

    let (_, json, _) = trf(&["check", "--format", "json", sample]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let reason = v["rating_type_reason"].as_str().unwrap();
    assert!(
        reason.contains("90 min without it: 5 of 20 games are below the 120 min"),
        "{reason}"
    );

    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report.html");
    let (code, _, err) = trf(&["report", sample, "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(
        html.contains("90 min without it: 5 of 20 games are below the 120 min of the standard band their players set and are not rated"),
        "{}",
        redact(&html)
    );
    assert!(!html.contains("at least the 60 min"), "{}", redact(&html));

    // Disabling the rule rates those games: the header says so, and no
    // longer that they are on no list.
    let (code, human, _) = trf(&[
        "check",
        "--disable",
        "time-control-below-minimum",
        "samples/hand/rate-2024-swiss-60-min-some-below-band.trf",
    ]);
    assert!(code == 0 || code == 1, "{human}");
    let header = human.lines().next().unwrap();
    assert!(!header.contains("on no list"), "{header}");
    assert!(header.contains("counted as rated here"), "{header}");
}

/// The report's "Pairings" section alone, or `None` when it has none.
fn pairings_section(html: &str) -> Option<&str> {
    let start = html.find("<section class=\"pairings\"")?;
    let len = html[start..].find("</section>").expect("section end") + "</section>".len();
    Some(&html[start..start + len])
}

#[test]
fn snapshot_of_the_pairings_section_of_a_round_paired_otherwise() {
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/pairings/altered-01-p12-r9.trf"))
            .unwrap();
    let html = render(&text);
    let section = pairings_section(&html).expect("a Pairings section");
    // The checker's pairing beside the report's, the criterion and the
    // rules' edition, as `trf pairings` says them.
    assert!(section.contains("2026 edition"), "{section}");
    assert!(section.contains("<h3>Round 4</h3>"), "{section}");
    insta::assert_snapshot!(section);
}

#[test]
fn no_pairings_section_when_the_checker_has_nothing_to_say() {
    // Every round as the checker pairs it.
    let agrees =
        std::fs::read_to_string(root().join("tests/fixtures/pairings/bbp-01-p9-r5.trf")).unwrap();
    let (code, _, _) = trf(&[
        "pairings",
        &root()
            .join("tests/fixtures/pairings/bbp-01-p9-r5.trf")
            .to_string_lossy(),
    ]);
    assert_eq!(code, 0, "the fixture agrees with the checker");
    assert_eq!(pairings_section(&render(&agrees)), None);
    // Not a Swiss.
    let rr =
        std::fs::read_to_string(root().join("samples/hand/rr-2005-worked-example.trf")).unwrap();
    assert_eq!(pairings_section(&render(&rr)), None);
    // The same Swiss under the 2016/17 rules, whose pairings that
    // edition's checker makes too.
    let old = agrees.replace("092 FIDE_DUTCH_2025", "042 2025/03/01\r092 Swiss Dutch");
    assert_eq!(pairings_section(&render(&old)), None);
}

#[test]
fn the_pairings_section_says_why_a_swiss_could_not_be_repaired() {
    // Player 3's round 2 names player 5, who does not name him back.
    let text = "012 One-sided\n042 2026/03/01\n092 FIDE_DUTCH_2025\nXXR 2\n\
001    1      A, A                              2000                             1.0    1     2 w 1     4 b 0\n\
001    2      B, B                              1900                             1.0    2     1 b 0     3 w 1\n\
001    3      C, C                              1800                             1.0    3     4 w 1     5 b 0\n\
001    4      D, D                              1700                             1.0    4     3 b 0     1 w 1\n\
001    5      E, E                              1600                             1.0    5  0000 - U  0000 - U\n";
    let html = render(text);
    let section = pairings_section(&html).expect("a Pairings section");
    assert!(
        section.contains("could not be re-paired with the FIDE (Dutch) system"),
        "{section}"
    );
}

#[test]
fn the_pairings_section_of_a_large_open_is_bounded() {
    // 60 players whose every round is paired by a cheap Swiss, not the
    // FIDE (Dutch) system: hundreds of pairings differ.
    let mut opts = trfkit::generate::GenOptions::new(60, 9, 3);
    opts.start_date = chrono::NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
    let text = trfkit::generate::generate(&opts).unwrap();
    let html = render(&text);
    let section = pairings_section(&html).expect("a Pairings section");
    let rows = section.matches("<tr><td>").count();
    assert_eq!(rows, 40, "{section}");
    assert!(
        section.contains("more pairings of this round that differ"),
        "{section}"
    );
    assert!(section.contains("of 9 rounds differ"), "{section}");
}
