//! Rating-list reader: every sample layout, the pitfalls of
//! docs/spec/rating-list-formats.md §4, errors, the index, and never panicking.

use proptest::prelude::*;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use trfkit::{
    build_index, ListError, ListKind, ListLayout, ListPeriod, ListRecord, ListSex as Sex,
    ListSource, RatingEntry, RatingKind, RatingList,
};

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples/lists")
        .join(name)
}

fn samples() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(sample(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("txt" | "xml" | "zip")
            )
        })
        .collect();
    v.sort();
    v
}

fn entry(rating: u16, games: u16, k: u8) -> Option<RatingEntry> {
    Some(RatingEntry {
        rating,
        games: Some(games),
        k: Some(k),
    })
}

fn load(name: &str) -> RatingList {
    RatingList::load(&sample(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn by_id(list: &RatingList, id: u64) -> &ListRecord {
    list.get(id).unwrap_or_else(|| panic!("{id} missing"))
}

// ---------------------------------------------------------------------------
// Every sample, snapshotted (reviewed by hand) and checked by hand.

#[test]
fn samples_snapshots() {
    let all = samples();
    assert_eq!(all.len(), 16, "{all:?}");
    for path in all {
        let list = RatingList::load(&path).unwrap();
        let name = path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace('.', "_");
        insta::assert_json_snapshot!(name, list);
    }
}

#[test]
fn combined_foa_sample() {
    let list = load("players_list_foa.txt");
    assert_eq!(list.meta.layout, ListLayout::CombinedFoa);
    assert_eq!(list.meta.kind, ListKind::Combined);
    assert_eq!(list.meta.period, None);
    assert_eq!(list.records.len(), 10);
    assert_eq!(list.skipped, 0);

    let adler = by_id(&list, 90000011);
    assert_eq!(adler.name, "Adler, Jonas");
    assert_eq!(adler.title.as_deref(), Some("GM"));
    assert_eq!(adler.standard, entry(2601, 0, 10));
    assert_eq!(adler.rapid, entry(2555, 3, 10));
    assert_eq!(adler.blitz, entry(2580, 0, 10));
    assert_eq!(adler.birth_year, Some(1991));

    let brandt = by_id(&list, 90000029);
    assert_eq!(brandt.sex, Some(Sex::Female));
    assert_eq!(brandt.title.as_deref(), Some("GM"));
    assert_eq!(brandt.women_title.as_deref(), Some("WGM"));
    assert_eq!(brandt.blitz, entry(2390, 12, 20));

    let dlamini = by_id(&list, 90000045);
    assert_eq!(dlamini.other_titles, ["IA", "FT"]);
    assert_eq!(dlamini.foa_title.as_deref(), Some("AIM"));

    let eriksen = by_id(&list, 90000053);
    assert_eq!(eriksen.name, "Eriksen Tor");
    assert_eq!(
        (eriksen.standard, eriksen.rapid, eriksen.blitz),
        (None, None, None)
    );
    assert_eq!(eriksen.birth_year, None);

    let nameless = by_id(&list, 90000061);
    assert_eq!(nameless.name, "");
    assert_eq!(nameless.federation, None, "NON is no federation");
    assert!(nameless.inactive);

    // Trimmed line (no trailing blanks): every present field still read.
    let gruber = by_id(&list, 90000087);
    assert_eq!(gruber.blitz, entry(2275, 0, 20));
    assert_eq!(gruber.birth_year, Some(1970));
    assert_eq!(gruber.flag, None);

    let ito = by_id(&list, 1000001);
    assert_eq!(ito.title.as_deref(), Some("CM"));
    assert_eq!(ito.standard, entry(2001, 0, 40));
}

#[test]
fn legacy_combined_sample() {
    let list = load("players_list_legacy.txt");
    assert_eq!(list.meta.layout, ListLayout::CombinedLegacy);
    assert_eq!(list.records.len(), 5);
    let kovacs = by_id(&list, 90100013);
    assert_eq!(kovacs.standard, entry(2451, 0, 10));
    assert_eq!(kovacs.rapid, entry(2390, 0, 20));
    assert_eq!(kovacs.blitz, entry(2402, 0, 20));
    assert_eq!(kovacs.foa_title, None);
    let sara = by_id(&list, 90100021);
    assert_eq!(sara.rapid, None);
    assert_eq!(sara.standard, entry(2205, 11, 20));
    let blank = by_id(&list, 90100047);
    assert_eq!(blank.name, "");
    assert_eq!(blank.federation.as_deref(), Some("TTO"));
    assert_eq!(blank.birth_year, None, "0000 is unknown");
}

#[test]
fn single_foa_sample() {
    let list = load("standard_rating_list.txt");
    assert_eq!(list.meta.layout, ListLayout::SingleFoa);
    assert_eq!(list.meta.kind, ListKind::Single(RatingKind::Standard));
    assert!(!list.meta.kind_assumed);
    assert_eq!(
        list.meta.period,
        Some(ListPeriod {
            year: 2023,
            month: 1
        })
    );
    assert_eq!(list.records.len(), 4);
    let quispe = by_id(&list, 90200035);
    assert_eq!(quispe.standard, entry(1533, 9, 40));
    assert_eq!((quispe.rapid, quispe.blitz), (None, None));
    assert_eq!(quispe.other_titles, ["FA"]);
    assert_eq!(quispe.foa_title.as_deref(), Some("ACM"));
    assert_eq!(quispe.flag.as_deref(), Some("i"));
    assert_eq!(by_id(&list, 90200043).birth_year, None);
}

#[test]
fn single_legacy_sample_is_a_blitz_list_by_name() {
    let list = load("blitz_aug16frl.txt");
    assert_eq!(list.meta.layout, ListLayout::SingleLegacy);
    assert_eq!(list.meta.kind, ListKind::Single(RatingKind::Blitz));
    assert_eq!(
        list.meta.period,
        Some(ListPeriod {
            year: 2016,
            month: 8
        })
    );
    let schmidt = by_id(&list, 90300014);
    assert_eq!(schmidt.blitz, entry(1980, 15, 20));
    assert_eq!(schmidt.standard, None);
    assert_eq!(schmidt.women_title.as_deref(), Some("WFM"));
    assert_eq!(by_id(&list, 90300022).other_titles, ["NA"]);
}

#[test]
fn pre2012_sample() {
    let list = load("may11frl.txt");
    assert_eq!(list.meta.layout, ListLayout::Pre2012);
    assert_eq!(list.meta.kind, ListKind::Single(RatingKind::Standard));
    assert!(!list.meta.kind_assumed);
    assert_eq!(
        list.meta.period,
        Some(ListPeriod {
            year: 2011,
            month: 5
        })
    );
    assert_eq!(list.records.len(), 5);
    let varga = by_id(&list, 4990011);
    assert_eq!(varga.title.as_deref(), Some("GM"));
    assert_eq!(varga.women_title, None);
    assert_eq!(varga.sex, Some(Sex::Male));
    assert_eq!(
        varga.standard,
        Some(RatingEntry {
            rating: 2655,
            games: Some(9),
            k: None
        })
    );
    let weiss = by_id(&list, 14990020);
    assert_eq!(weiss.title.as_deref(), Some("WGM"));
    assert_eq!(weiss.women_title.as_deref(), Some("WGM"));
    assert_eq!(weiss.sex, Some(Sex::Female));
    assert_eq!(weiss.standard.and_then(|e| e.games), Some(32));
    let muller = by_id(&list, 4990038);
    assert_eq!(muller.name, "Müller, Jörg", "Latin-1 bytes");
    assert_eq!(muller.federation.as_deref(), Some("SUI"));
    let unrated = by_id(&list, 4990046);
    assert_eq!(unrated.name, ", Vardharajan");
    assert_eq!(unrated.standard, None);
    assert_eq!(by_id(&list, 4990054).women_title.as_deref(), Some("WFM"));
}

#[test]
fn xml_combined_sample() {
    let list = load("players_list_xml_foa.xml");
    assert_eq!(list.meta.layout, ListLayout::XmlCombined);
    assert_eq!(list.meta.kind, ListKind::Combined);
    assert_eq!(list.meta.header, None);
    let young = by_id(&list, 90400010);
    assert_eq!(young.standard, entry(2421, 6, 10));
    assert_eq!(young.rapid, entry(2380, 0, 20));
    assert_eq!(young.blitz, None, "empty elements");
    let obrien = by_id(&list, 90400028);
    assert_eq!(obrien.name, "O'Brien, Siobhan");
    assert_eq!(obrien.rapid, None, "0 elements");
    assert_eq!(obrien.blitz, entry(1690, 14, 20));
    assert_eq!(obrien.foa_title.as_deref(), Some("AFM"));
    let zeller = by_id(&list, 90400036);
    assert_eq!(zeller.name, "Zeller & Co, Max");
    assert_eq!(zeller.federation, None);
    assert_eq!(zeller.birth_year, None);
}

#[test]
fn xml_single_samples() {
    let rapid = load("rapid_rating_list.xml");
    assert_eq!(rapid.meta.layout, ListLayout::XmlSingle);
    assert_eq!(rapid.meta.kind, ListKind::Single(RatingKind::Rapid));
    let simic = by_id(&rapid, 90500017);
    assert_eq!(simic.name, "Šimić, Ivana");
    assert_eq!(simic.rapid, entry(2188, 11, 20));
    assert_eq!(simic.standard, None);
    assert_eq!(by_id(&rapid, 90500025).other_titles, ["NI", "FA"]);

    let old = load("standard_feb14frl_xml.xml");
    assert_eq!(old.meta.layout, ListLayout::XmlSingle);
    assert_eq!(old.meta.kind, ListKind::Single(RatingKind::Standard));
    assert_eq!(
        old.meta.period,
        Some(ListPeriod {
            year: 2014,
            month: 2
        })
    );
    assert_eq!(by_id(&old, 90600012).standard, entry(1864, 0, 30));
    assert_eq!(by_id(&old, 90600020).foa_title, None);
}

#[test]
fn zips_read_like_their_members() {
    for (zip, member, plain) in [
        (
            "players_list.zip",
            "players_list_foa.txt",
            "players_list_foa.txt",
        ),
        (
            "players_list_legacy.zip",
            "players_list.txt",
            "players_list_legacy.txt",
        ),
        (
            "standard_rating_list.zip",
            "standard_rating_list.txt",
            "standard_rating_list.txt",
        ),
        (
            "players_list_xml.zip",
            "players_list_xml_foa.xml",
            "players_list_xml_foa.xml",
        ),
    ] {
        let z = load(zip);
        let p = load(plain);
        assert_eq!(z.records, p.records, "{zip}");
        assert_eq!(z.meta.layout, p.meta.layout, "{zip}");
        assert_eq!(z.meta.name.as_deref(), Some(member), "{zip}");
        // The same from bytes.
        let bytes = std::fs::read(sample(zip)).unwrap();
        assert_eq!(
            RatingList::load(&bytes).unwrap().records,
            p.records,
            "{zip}"
        );
    }
}

// ---------------------------------------------------------------------------
// lookup_many agrees with load + filter.

#[test]
fn lookup_many_equals_load_and_filter_on_every_sample() {
    for path in samples() {
        let list = RatingList::load(&path).unwrap();
        let mut ids: Vec<u64> = list.records.iter().map(|r| r.fide_id).collect();
        ids.extend([1, 999_999_999_999]);
        let expected: HashMap<u64, ListRecord> = list
            .by_id()
            .into_iter()
            .map(|(id, r)| (id, r.clone()))
            .collect();
        for size in [1, 7, 64, 163, 1 << 20] {
            let src = ListSource::path(&path).with_buffer_size(size);
            assert_eq!(
                RatingList::lookup_many(&src, &ids).unwrap(),
                expected,
                "{} buffer {size}",
                path.display()
            );
            assert_eq!(RatingList::load(&src).unwrap(), list, "{}", path.display());
        }
        // Every subset of one.
        for r in &list.records {
            let found = RatingList::lookup_many(&path, &[r.fide_id]).unwrap();
            assert_eq!(found.len(), 1);
            assert_eq!(&found[&r.fide_id], list.get(r.fide_id).unwrap());
        }
    }
}

#[test]
fn lf_line_ends_read_like_crlf() {
    for name in [
        "players_list_foa.txt",
        "players_list_legacy.txt",
        "standard_rating_list.txt",
        "blitz_aug16frl.txt",
        "may11frl.txt",
        "standard_feb14frl_xml.xml",
    ] {
        let crlf = std::fs::read(sample(name)).unwrap();
        assert!(crlf.windows(2).any(|w| w == b"\r\n"), "{name} is CRLF");
        let lf: Vec<u8> = crlf.iter().copied().filter(|&b| b != b'\r').collect();
        let a = RatingList::load(ListSource::bytes(&crlf).named(name)).unwrap();
        let b = RatingList::load(ListSource::bytes(&lf).named(name)).unwrap();
        assert_eq!(a, b, "{name}");
        assert_eq!(a, load(name), "{name}");
    }
}

// ---------------------------------------------------------------------------
// Pitfalls of docs/spec/rating-list-formats.md §4, each with the spec's real lines where
// it quotes them.

const FOA_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

fn foa_list(lines: &[&str]) -> Vec<u8> {
    let mut s = format!("{FOA_HEADER}\r\n");
    for l in lines {
        s.push_str(l);
        s.push_str("\r\n");
    }
    s.into_bytes()
}

/// Pitfall 1: `OTit` overflow shifts the tail (§0.4, the 2026 example runs
/// straight into the FOA value).
#[test]
fn pitfall_1_otit_overflow() {
    let line = "90000079       Fonseca, Ana                                                 POR F             SI,FI,LSI,SLI,NAAFM 1650  0   40 1702  4   40 0     0   0  1999  w   ";
    assert_eq!(line.len(), 163);
    let data = foa_list(&[line]);
    let r = &RatingList::load(&data).unwrap().records[0];
    assert_eq!(r.other_titles, ["SI", "FI", "LSI", "SLI", "NA"]);
    assert_eq!(r.foa_title.as_deref(), Some("AFM"));
    assert_eq!(r.standard, entry(1650, 0, 40));
    assert_eq!(r.rapid, entry(1702, 4, 40));
    assert_eq!(r.birth_year, Some(1999));
    assert_eq!(r.flag.as_deref(), Some("w"));
    // The same in the samples, combined and legacy.
    let foa = load("players_list_foa.txt");
    assert_eq!(by_id(&foa, 90000079), r);
    let legacy = load("players_list_legacy.txt");
    let moreau = by_id(&legacy, 90100039);
    assert_eq!(moreau.other_titles, ["LSI", "FI", "SI", "SLI", "NA"]);
    assert_eq!(moreau.standard, entry(1702, 0, 20));
    assert_eq!(moreau.rapid, entry(1650, 0, 20));
    assert_eq!(moreau.birth_year, Some(1958));
    assert!(moreau.inactive);
}

/// Pitfall 2: women are flagged `w` even when active; inactive means `i`.
#[test]
fn pitfall_2_woman_flag_is_not_inactivity() {
    let data = foa_list(&[
        "8602980        Hou, Yifan                                                   CHN F   GM   WGM                     2633  3   10 2550  9   10 2529  18  10 1994  w",
        "46668225       Aakarshna C G                                                IND F                                1498  0   20 0     0   0  0     0   0  2002  wi",
    ]);
    let list = RatingList::load(&data).unwrap();
    let hou = by_id(&list, 8602980);
    assert_eq!(hou.flag.as_deref(), Some("w"));
    assert!(!hou.inactive);
    assert_eq!(hou.title.as_deref(), Some("GM"));
    assert_eq!(hou.women_title.as_deref(), Some("WGM"));
    assert_eq!(hou.blitz, entry(2529, 18, 10));
    assert!(by_id(&list, 46668225).inactive);
}

/// Pitfall 3: the combined flag is standard-only; each per-type list has
/// its own. Leko: active in the combined list, inactive in blitz (§5.1, §5.3).
#[test]
fn pitfall_3_flags_belong_to_their_list() {
    let combined = foa_list(&["703303         Leko, Peter                                                  HUN M   GM                           2676  0   10 2700  0   10 2738  0   10 1979      "]);
    let blitz = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA AUG26 Gms K  B-day Flag\r\n703303         Leko, Peter                                                  HUN M   GM                           2738  0   10 1979  i   \r\n";
    let c = RatingList::lookup_many(&combined, &[703303]).unwrap();
    let b = RatingList::lookup(
        ListSource::bytes(blitz.as_bytes()).named("blitz_rating_list.txt"),
        &[703303],
    )
    .unwrap();
    assert!(!c[&703303].inactive);
    assert_eq!(c[&703303].blitz.map(|e| e.rating), Some(2738));
    assert_eq!(b.meta.kind, ListKind::Single(RatingKind::Blitz));
    assert_eq!(
        b.meta.period,
        Some(ListPeriod {
            year: 2026,
            month: 8
        })
    );
    let leko = &b.found[&703303];
    assert!(leko.inactive);
    assert_eq!(leko.blitz, entry(2738, 0, 10));
    assert_eq!(leko.standard, None);
}

/// Pitfall 4: blank and `0` both mean unrated (§3.5, spec lines of both eras).
#[test]
fn pitfall_4_blank_and_zero_unrated() {
    let data = foa_list(&[
        "8605360        A La, Teng Hua                                               CHN F                                1949  0   40                           1993  wi  ",
        "29976634       Aafrin, S F Aja                                              SRI F                                                                       2012  w   ",
        "46668225       Aakarshna C G                                                IND F                                1498  0   20 0     0   0  0     0   0  2002  wi",
        "6504450        Acevedo Mendez, Oscar                                        CRC M                                1779  0   40              1640  0   20 1994  i",
    ]);
    let list = RatingList::load(&data).unwrap();
    let la = by_id(&list, 8605360);
    assert_eq!(la.standard, entry(1949, 0, 40));
    assert_eq!((la.rapid, la.blitz), (None, None));
    let aafrin = by_id(&list, 29976634);
    assert_eq!(
        (aafrin.standard, aafrin.rapid, aafrin.blitz),
        (None, None, None)
    );
    assert_eq!(aafrin.birth_year, Some(2012));
    let aak = by_id(&list, 46668225);
    assert_eq!(aak.standard, entry(1498, 0, 20));
    assert_eq!((aak.rapid, aak.blitz), (None, None));
    let oscar = by_id(&list, 6504450);
    assert_eq!(oscar.rapid, None);
    assert_eq!(oscar.blitz, entry(1640, 0, 20));
}

/// Pitfall 5: no small line limit. Real lines are up to 163 bytes; a
/// 100 KB line (not a real record, but not over the limit) still reads, at
/// any buffer size, and only a record over 4 MiB is refused.
#[test]
fn pitfall_5_long_lines() {
    let long = format!("703303         {}", "x".repeat(100_000));
    let data = foa_list(&[&long, "1503014        Carlsen, Magnus"]);
    for size in [16, 4096, 1 << 20] {
        let src = ListSource::bytes(&data).with_buffer_size(size);
        let found = RatingList::lookup_many(&src, &[703303, 1503014]).unwrap();
        assert_eq!(found[&1503014].name, "Carlsen, Magnus");
        assert_eq!(found[&703303].name.len(), 61);
    }
    let huge = format!("703303         {}", "x".repeat(5 << 20));
    let data = foa_list(&[&huge]);
    let err = RatingList::load(ListSource::bytes(&data).with_buffer_size(1 << 16)).unwrap_err();
    assert!(matches!(err, ListError::RecordTooLong { .. }), "{err}");
}

/// Pitfall 6: the per-type header's month token changes monthly; the
/// structure is matched, never the literal header.
#[test]
fn pitfall_6_month_token() {
    let line = "48701955       Aadya Gowda                                                  IND F   WCM  WCM                     1807  0   40 2013  w   ";
    for (tok, year, month) in [("JAN23", 2023, 1), ("APR25", 2025, 4), ("OCT26", 2026, 10)] {
        let data = format!(
            "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA {tok} Gms K  B-day Flag\r\n{line}\r\n"
        );
        let l = RatingList::load(ListSource::bytes(data.as_bytes()).named("rapid_rating_list.txt"))
            .unwrap();
        assert_eq!(l.meta.period, Some(ListPeriod { year, month }));
        assert_eq!(l.records[0].rapid, entry(1807, 0, 40));
        assert_eq!(l.records[0].women_title.as_deref(), Some("WCM"));
    }
}

/// Pitfall 7: zip member names changed over time; any `.txt`/`.xml` member
/// is the list.
#[test]
fn pitfall_7_zip_member_names() {
    let xml = std::fs::read(sample("players_list_xml_foa.xml")).unwrap();
    let txt = std::fs::read(sample("standard_rating_list.txt")).unwrap();
    for (member, data) in [
        ("players_list.xml", &xml),
        ("players_list_xml.xml", &xml),
        ("PLAYERS_LIST_XML_FOA.XML", &xml),
        ("STANDARD_JAN23FRL.TXT", &txt),
    ] {
        let z = zip_of(&[("readme.pdf", b"%PDF"), (member, data)]);
        let l = RatingList::load(&z).unwrap();
        assert!(!l.records.is_empty(), "{member}");
        assert_eq!(l.meta.name.as_deref(), Some(member));
    }
}

/// Pitfall 8: offsets come from the header and are checked against real
/// lines (§5.1/§5.3/§5.5/§5.6), never copied from code.
#[test]
fn pitfall_8_offsets_checked_on_real_lines() {
    let data = foa_list(&[
        "10001492       Ojok, Patrick                                                UGA M             FI,LSI             1638  0   20 1932  0   20 1926  0   20 1974      ",
        "25021044       Aagney L., Narasimhan                                        IND M                                1606  0   20 1565  0   20 1567  0   20 2000  i   ",
    ]);
    let l = RatingList::load(&data).unwrap();
    let ojok = by_id(&l, 10001492);
    assert_eq!(ojok.federation.as_deref(), Some("UGA"));
    assert_eq!(ojok.other_titles, ["FI", "LSI"]);
    assert_eq!(ojok.standard, entry(1638, 0, 20));
    assert_eq!(ojok.rapid, entry(1932, 0, 20));
    assert_eq!(ojok.blitz, entry(1926, 0, 20));
    assert_eq!(ojok.birth_year, Some(1974));
    assert!(by_id(&l, 25021044).inactive);

    let legacy = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\r\n10207538       A E M, Doshtagir                                             BAN M                            1840  0   40 1836  0   20 1860  0   20 1974      \r\n1701991        Aaberg, Anton                                                SWE M   IM                       2393  0   10                           1972\r\n5031605        A, Akshaya                                                   IND F                            2014  0   20                           1994  wi\r\n";
    let l = RatingList::load(legacy.as_bytes()).unwrap();
    assert_eq!(by_id(&l, 10207538).standard, entry(1840, 0, 40));
    assert_eq!(by_id(&l, 10207538).rapid, entry(1836, 0, 20));
    assert_eq!(by_id(&l, 10207538).blitz, entry(1860, 0, 20));
    let aaberg = by_id(&l, 1701991);
    assert_eq!(aaberg.title.as_deref(), Some("IM"));
    assert_eq!((aaberg.rapid, aaberg.birth_year), (None, Some(1972)));
    assert_eq!(by_id(&l, 5031605).flag.as_deref(), Some("wi"));

    let old = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag\r\n 4158814  Andreikin, Dmitry                 g   RUS  2686    9  1990  \r\n10207538  A E M, Doshtagir                      BAN  1864    0        \r\n 5031605  A, Akshaya                            IND  2019   32  1994  w\r\n";
    let l = RatingList::load(old.as_bytes()).unwrap();
    let andreikin = by_id(&l, 4158814);
    assert_eq!(andreikin.name, "Andreikin, Dmitry");
    assert_eq!(andreikin.title.as_deref(), Some("GM"));
    assert_eq!(andreikin.federation.as_deref(), Some("RUS"));
    assert_eq!(
        andreikin.standard.map(|e| (e.rating, e.games)),
        Some((2686, Some(9)))
    );
    assert_eq!(by_id(&l, 10207538).birth_year, None);
    assert_eq!(by_id(&l, 5031605).standard.and_then(|e| e.games), Some(32));
    assert_eq!(
        l.meta.period,
        Some(ListPeriod {
            year: 2011,
            month: 3
        })
    );

    // A header shifted by -3 (the wrong offsets of pitfall 8) no longer
    // matches the data: columns follow the header, so the misfit shows
    // instead of silently reading the right numbers from wrong offsets.
    let shifted_header = FOA_HEADER.replacen("      Name", "   Name", 1);
    let bad = format!("{shifted_header}\r\n{}\r\n", "1503014        Carlsen, Magnus                                              NOR M   GM                           2841  7   10 2832  0   10 2869  0   10 1990      ");
    let l = RatingList::load(bad.as_bytes()).unwrap();
    assert_ne!(l.records[0].standard, entry(2841, 7, 10));
}

/// Pitfall 9: slice bytes first, decode fields after. A Latin-1 name
/// decoded with the whole line would move every later column.
#[test]
fn pitfall_9_slice_before_decoding() {
    let list = load("players_list_foa.txt");
    let horvath = by_id(&list, 90000095);
    assert_eq!(horvath.name, "Horváth, Lukács");
    assert_eq!(horvath.federation.as_deref(), Some("HUN"));
    assert_eq!(horvath.standard, entry(1920, 0, 20));
    assert_eq!(horvath.blitz, entry(1888, 7, 20));
    assert_eq!(horvath.birth_year, Some(2008));
    // The 2011 excerpt's cp1253 name: not UTF-8, read as single bytes.
    let mut data = b"ID number Name                              TitlFed  Mar11 GamesBorn  Flag\r\n 4206657  Anargyros, ".to_vec();
    data.extend_from_slice(b"\xca\xef\xec\xed\xe7\xed\xef\xf3-alexios");
    let pad = 44 - (data.len() - 77);
    data.extend(std::iter::repeat_n(b' ', pad));
    data.extend_from_slice(b"    GRE  2201    0  1980  \r\n");
    let l = RatingList::load(&data).unwrap();
    let r = by_id(&l, 4206657);
    assert_eq!(r.federation.as_deref(), Some("GRE"));
    assert_eq!(r.standard.map(|e| e.rating), Some(2201));
    assert!(r.name.starts_with("Anargyros, "));
}

// ---------------------------------------------------------------------------
// Errors.

#[test]
fn unknown_layout_shows_the_header() {
    let err = RatingList::load(b"Surname;Given;Rating\r\nCarlsen;Magnus;2830\r\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown rating list layout in `<bytes>`: the header does not start with `ID Number`; header line: `Surname;Given;Rating`"
    );
    let err = RatingList::lookup_many(
        ListSource::bytes(b"ID Number Name Fed Rtg\n").named("x.txt"),
        &[1],
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown rating list layout in `x.txt`: unknown column `Rtg` at byte 19; header line: `ID Number Name Fed Rtg`"
    );
    let err = RatingList::load(b"<html><body/></html>").unwrap_err();
    assert!(
        err.to_string().contains("XML root element is <html>"),
        "{err}"
    );
}

#[test]
fn empty_input() {
    for data in [&b""[..], b"\r\n\r\n", b"\xEF\xBB\xBF"] {
        let err = RatingList::load(data).unwrap_err();
        assert!(matches!(err, ListError::Empty { .. }), "{err}");
    }
    // A header alone is an empty list, not an error.
    let l = RatingList::load(FOA_HEADER.as_bytes()).unwrap();
    assert!(l.records.is_empty());
}

#[test]
fn truncated_txt_and_xml() {
    let full = std::fs::read(sample("players_list_foa.txt")).unwrap();
    // Cut inside the third data line's name.
    let cut = FOA_HEADER.len() + 2 + 2 * 164 + 30;
    let err = RatingList::load(&full[..cut]).unwrap_err();
    match &err {
        ListError::Truncated { offset, .. } => {
            assert_eq!(*offset, (FOA_HEADER.len() + 2 + 2 * 164) as u64)
        }
        other => panic!("{other}"),
    }
    assert!(
        err.to_string()
            .starts_with("rating list `<bytes>` is truncated at byte 492"),
        "{err}"
    );

    let xml = std::fs::read(sample("players_list_xml_foa.xml")).unwrap();
    let err = RatingList::load(&xml[..xml.len() / 2]).unwrap_err();
    assert!(err.to_string().contains("has no </player>"), "{err}");
    let end = xml.len() - "</playerslist>\n".len();
    let err = RatingList::load(&xml[..end]).unwrap_err();
    assert!(
        err.to_string()
            .contains("</playerslist> end tag is missing"),
        "{err}"
    );

    // A cut zip is refused by the zip reader.
    let z = std::fs::read(sample("players_list.zip")).unwrap();
    let err = RatingList::load(&z[..z.len() - 30]).unwrap_err();
    assert!(matches!(err, ListError::Zip { .. }), "{err}");
}

#[test]
fn zip_without_list_member() {
    let z = zip_of(&[("readme.pdf", b"%PDF"), ("players.csv", b"1,2")]);
    let err = RatingList::load(ListSource::bytes(&z).named("players_list.zip")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "zip archive `players_list.zip` holds no .txt or .xml rating list (members: readme.pdf, players.csv)"
    );
}

#[test]
fn missing_file_is_io() {
    let err =
        RatingList::lookup_many(Path::new("/nonexistent/players_list.zip"), &[1]).unwrap_err();
    assert!(matches!(err, ListError::Io { .. }));
    assert!(
        err.to_string()
            .starts_with("cannot read `/nonexistent/players_list.zip`: "),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// Per-type kind: name, override, assumption.

#[test]
fn per_type_kind_from_name_override_or_assumed() {
    let data = std::fs::read(sample("standard_rating_list.txt")).unwrap();
    let anon = RatingList::load(&data).unwrap();
    assert_eq!(anon.meta.kind, ListKind::Single(RatingKind::Standard));
    assert!(anon.meta.kind_assumed);
    let rapid = RatingList::load(ListSource::bytes(&data).named("rapid_rating_list.txt")).unwrap();
    assert_eq!(rapid.meta.kind, ListKind::Single(RatingKind::Rapid));
    assert_eq!(rapid.records[0].rapid, entry(2310, 4, 20));
    assert_eq!(rapid.records[0].standard, None);
    let blitz = RatingList::load(ListSource::bytes(&data).with_kind(RatingKind::Blitz)).unwrap();
    assert_eq!(blitz.records[0].blitz, entry(2310, 4, 20));
    assert!(!blitz.meta.kind_assumed);
}

#[test]
fn duplicate_ids_first_occurrence_wins_everywhere() {
    let data = foa_list(&[
        "703303         Leko, Peter                                                  HUN M   GM                           2676  0   10 2700  0   10 2738  0   10 1979      ",
        "703303         Leko, Second                                                 HUN M   GM                           2600  0   10 2700  0   10 2738  0   10 1979      ",
    ]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("players_list_foa.txt");
    std::fs::write(&path, &data).unwrap();
    let info = build_index(&path).unwrap();
    assert_eq!((info.entries, info.duplicates), (1, 1));
    for found in [
        RatingList::lookup_many(&path, &[703303]).unwrap(),
        RatingList::lookup_indexed(&path, &[703303]).unwrap(),
    ] {
        assert_eq!(found[&703303].name, "Leko, Peter");
    }
    assert_eq!(RatingList::load(&path).unwrap().records.len(), 2);
}

// ---------------------------------------------------------------------------
// The index.

/// Where `build_index` writes the index of `list`: the list's path with
/// `.trfidx` appended (as `IndexInfo::path` says).
fn index_file(list: &std::path::Path) -> std::path::PathBuf {
    let mut s = list.as_os_str().to_owned();
    s.push(".trfidx");
    s.into()
}

#[test]
fn indexed_lookup_equals_one_pass_on_plain_samples() {
    let dir = tempfile::tempdir().unwrap();
    for path in samples() {
        if path.extension().is_some_and(|e| e == "zip") {
            let err = build_index(&path).unwrap_err();
            assert!(matches!(err, ListError::NotIndexable { .. }), "{err}");
            continue;
        }
        let copy = dir.path().join(path.file_name().unwrap());
        std::fs::copy(&path, &copy).unwrap();
        let info = build_index(&copy).unwrap();
        assert_eq!(info.path, index_file(&copy));
        let list = RatingList::load(&copy).unwrap();
        assert_eq!(info.entries as usize, list.by_id().len());
        assert_eq!(info.meta, list.meta);
        let mut ids: Vec<u64> = list.records.iter().map(|r| r.fide_id).collect();
        ids.push(424242);
        assert_eq!(
            RatingList::lookup_indexed(&copy, &ids).unwrap(),
            RatingList::lookup_many(&copy, &ids).unwrap(),
            "{}",
            path.display()
        );
    }
}

#[test]
fn stale_and_bad_indexes_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("players_list_foa.txt");
    std::fs::copy(sample("players_list_foa.txt"), &path).unwrap();
    build_index(&path).unwrap();
    assert_eq!(
        RatingList::lookup_indexed(&path, &[90000011])
            .unwrap()
            .len(),
        1
    );

    // The list grows: stale.
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    f.write_all(b"90000999       Late, Entry\r\n").unwrap();
    drop(f);
    let err = RatingList::lookup_indexed(&path, &[90000011]).unwrap_err();
    assert!(matches!(err, ListError::StaleIndex { .. }), "{err}");
    assert!(err.to_string().contains("rebuild it"), "{err}");
    build_index(&path).unwrap();
    assert_eq!(
        RatingList::lookup_indexed(&path, &[90000999]).unwrap()[&90000999].name,
        "Late, Entry"
    );

    // Damaged index files.
    let idx = index_file(&path);
    let good = std::fs::read(&idx).unwrap();
    std::fs::write(&idx, &good[..good.len() - 3]).unwrap();
    let err = RatingList::lookup_indexed(&path, &[1]).unwrap_err();
    assert!(matches!(err, ListError::BadIndex { .. }), "{err}");
    std::fs::write(&idx, b"not an index at all, really not an index").unwrap();
    let err = RatingList::lookup_indexed(&path, &[1]).unwrap_err();
    assert!(
        err.to_string().contains("not a trfkit rating list index"),
        "{err}"
    );
    std::fs::remove_file(&idx).unwrap();
    assert!(matches!(
        RatingList::lookup_indexed(&path, &[1]).unwrap_err(),
        ListError::Io { .. }
    ));
    // In-memory lists have no file to index.
    let bytes = good.clone();
    assert!(matches!(
        build_index(&bytes).unwrap_err(),
        ListError::NotIndexable { .. }
    ));
}

// ---------------------------------------------------------------------------
// The synthetic generator, at small size.

#[test]
fn synthetic_list_round_trips() {
    use trfkit::generate::{synthetic_fide_id, write_synthetic_combined};
    let mut data = Vec::new();
    let n = 3000;
    let written = write_synthetic_combined(&mut data, n).unwrap();
    assert_eq!(written as usize, data.len());
    assert_eq!(data.len(), 164 * (n as usize + 1));
    let list = RatingList::load(&data).unwrap();
    assert_eq!(list.records.len(), n as usize);
    assert_eq!(list.meta.layout, ListLayout::CombinedFoa);
    let ids: Vec<u64> = (0..n).step_by(97).map(synthetic_fide_id).collect();
    let found = RatingList::lookup_many(&data, &ids).unwrap();
    assert_eq!(found.len(), ids.len());
    for id in ids {
        assert_eq!(Some(&found[&id]), list.get(id));
    }
}

// ---------------------------------------------------------------------------
// Arbitrary bytes never panic.

fn zip_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    use zip::write::SimpleFileOptions;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in members {
        w.start_file(*name, opts).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

fn exercise(data: &[u8], ids: &[u64], size: usize) {
    let src = ListSource::bytes(data).with_buffer_size(size);
    let loaded = RatingList::load(&src);
    let found = RatingList::lookup_many(&src, ids);
    // Whenever both succeed they agree.
    if let (Ok(list), Ok(found)) = (loaded, found) {
        for id in ids {
            assert_eq!(found.get(id), list.get(*id));
        }
    }
}

const PREFIXES: &[&str] = &[
    "",
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\r\n",
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN23 Gms K  B-day Flag\n",
    "ID number Name                              TitlFed  Mar11 GamesBorn  Flag\r\n",
    "<playerslist>\n<player><fideid>",
    "<?xml version=\"1.0\"?><playerslist><player>",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_bytes_never_panic(
        prefix in 0..PREFIXES.len(),
        body in proptest::collection::vec(any::<u8>(), 0..600),
        ids in proptest::collection::vec(0u64..100_000, 0..4),
        size in 1usize..300,
    ) {
        let mut data = PREFIXES[prefix].as_bytes().to_vec();
        data.extend_from_slice(&body);
        exercise(&data, &ids, size);
    }

    #[test]
    fn line_like_bytes_never_panic(
        prefix in 1..4usize,
        lines in proptest::collection::vec(
            proptest::collection::vec(prop_oneof![
                Just(b' '), Just(b'1'), Just(b'7'), Just(b','), Just(b'\r'), Just(b'w'), Just(b'i'),
                Just(0xC3u8), Just(0xA9u8), Just(0xFFu8), Just(b'\n'),
            ], 0..200),
            0..8),
        ids in proptest::collection::vec(0u64..1000, 0..4),
        size in 1usize..200,
    ) {
        let mut data = PREFIXES[prefix].as_bytes().to_vec();
        for l in &lines {
            data.extend_from_slice(l);
            data.push(b'\n');
        }
        exercise(&data, &ids, size);
    }

    #[test]
    fn mutated_samples_never_panic(
        which in 0usize..12,
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        cut in any::<prop::sample::Index>(),
    ) {
        let path = &samples()[which];
        let mut data = std::fs::read(path).unwrap();
        for (at, byte) in flips {
            let i = at.index(data.len());
            data[i] = byte;
        }
        let keep = cut.index(data.len() + 1);
        data.truncate(keep.max(1));
        exercise(&data, &[90000011, 4990011, 90400010], 64);
    }
}

/// A lost `</player>` merges two players into one element: every reader
/// keeps the first player's ID for it, so a look-up never returns a record
/// with another ID than the one asked for (found by a stress run of the
/// mutation property above).
#[test]
fn unclosed_player_element_keeps_its_first_id() {
    let xml = b"<playerslist>\n<player>\n<fideid>90400010</fideid>\n<name>Young, Daniel</name>\n<rating>2421</rating>\n</playerv\n<player>\n<fideid>90400028</fideid>\n<name>O'Brien, Siobhan</name>\n<rating>2100</rating>\n</player>\n</playerslist>\n";
    for size in [7, 64, 226, 4096] {
        let src = ListSource::bytes(xml).with_buffer_size(size);
        let list = RatingList::load(&src).unwrap();
        let found = RatingList::lookup_many(&src, &[90400010, 90400028]).unwrap();
        for id in [90400010u64, 90400028] {
            assert_eq!(found.get(&id), list.get(id), "buffer {size}, id {id}");
            if let Some(r) = found.get(&id) {
                assert_eq!(r.fide_id, id);
            }
        }
        assert_eq!(
            list.get(90400010).map(|r| r.name.as_str()),
            Some("Young, Daniel")
        );
    }
}
