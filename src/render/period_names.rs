//! The period for people names its reports without the folder they all
//! share (`march/open.trf` → `open.trf` when every report is under
//! `march/`): the names a person reads in one screen. Machine formats keep
//! the paths as given.

use crate::rating::period::PeriodSummary;

/// The folder every report of `s` (and of its other periods) is under,
/// with its final separator; empty when they share none.
fn common_folder(s: &PeriodSummary) -> String {
    let names = s
        .reports
        .iter()
        .chain(
            s.other_periods
                .iter()
                .flatten()
                .flat_map(|o| o.reports.iter()),
        )
        .map(|r| r.file.as_str());
    shared_folder(names).to_owned()
}

/// The folder (whole folders, with the final separator) every name is
/// under; empty when they share none.
fn shared_folder<'n>(mut names: impl Iterator<Item = &'n str>) -> &'n str {
    let Some(first) = names.next() else {
        return "";
    };
    let mut prefix = folder_of(first);
    for n in names {
        while !prefix.is_empty() && !n.starts_with(prefix) {
            prefix = folder_of(&prefix[..prefix.len() - 1]);
        }
    }
    prefix
}

/// `a/b/c.trf` → `a/b/`; `c.trf` → ``.
fn folder_of(name: &str) -> &str {
    name.rfind(['/', '\\']).map_or("", |i| &name[..=i])
}

/// `s` with every report named without the common folder, in the reports,
/// the players' events, the findings' files and the messages that quote
/// them; `None` when there is no common folder.
pub(crate) fn without_common_folder(s: &PeriodSummary) -> Option<PeriodSummary> {
    let prefix = common_folder(s);
    if prefix.is_empty() {
        return None;
    }
    let mut s = s.clone();
    strip(&mut s, &prefix);
    Some(s)
}

fn strip(s: &mut PeriodSummary, prefix: &str) {
    let cut = |f: &mut String| {
        if let Some(rest) = f.strip_prefix(prefix) {
            *f = rest.to_owned();
        }
    };
    let quoted = format!("`{prefix}");
    for r in &mut s.reports {
        cut(&mut r.file);
        if let Some(w) = &mut r.why {
            *w = w.replace(&quoted, "`").replace(prefix, "");
        }
    }
    for p in &mut s.players {
        for e in &mut p.events {
            cut(&mut e.file);
        }
        for n in &mut p.notes {
            *n = n.replace(&quoted, "`");
        }
    }
    for f in &mut s.findings {
        f.files.iter_mut().for_each(cut);
        f.finding.message = f.finding.message.replace(&quoted, "`");
    }
    for n in &mut s.notes {
        *n = n.replace(&quoted, "`");
    }
    for o in s.other_periods.iter_mut().flatten() {
        strip(o, prefix);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_shared_by_every_name() {
        assert_eq!(folder_of("a/b/c.trf"), "a/b/");
        assert_eq!(folder_of("c.trf"), "");
        let shared = |names: &[&'static str]| shared_folder(names.iter().copied());
        assert_eq!(shared(&["m/a/x.trf", "m/a/y.trf"]), "m/a/");
        assert_eq!(shared(&["m/a/x.trf", "m/b/y.trf"]), "m/");
        // Whole folders only: `m/ab` is not under `m/a`.
        assert_eq!(shared(&["m/a/x.trf", "m/ab/y.trf"]), "m/");
        assert_eq!(shared(&["x.trf", "m/y.trf"]), "");
        assert_eq!(shared(&["m/x.trf"]), "m/");
        assert_eq!(shared(&[]), "");
    }
}
