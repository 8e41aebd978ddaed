//! The arbiters' titles as records `102` (Chief Arbiter) and `112`
//! (deputies) give them, for B.01 1.1.5: the Chief Arbiter is an
//! International Arbiter (IA) or a FIDE Arbiter (FA). Both records are free
//! text (`IA Mikel Larreategi Arana (22232540)`, `225185 Bailleul,
//! Geert`), so what they say is read and the condition stays one to
//! confirm: a title that is not IA or FA is said, never taken as a failed
//! norm.

use crate::model::Tournament;

/// A title an arbiter's record gives, as its abbreviation.
pub(crate) fn title_in(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    for (words, title) in [
        ("international arbiter", "IA"),
        ("fide arbiter", "FA"),
        ("national arbiter", "NA"),
    ] {
        if lower.contains(words) {
            return Some(title);
        }
    }
    text.split(|c: char| !c.is_alphanumeric())
        .find_map(|w| match w {
            "IA" => Some("IA"),
            "FA" => Some("FA"),
            "NA" => Some("NA"),
            _ => None,
        })
}

/// What to confirm of the arbiters (1.1.5, 1.1.6), from what `102` and
/// `112` say.
pub(crate) fn to_confirm(t: &Tournament) -> String {
    const REST: &str = "an IA or FA was always present, and no appointed arbiter played";
    let deputies: Vec<String> = t
        .header
        .deputy_arbiters
        .iter()
        .map(|d| d.value.trim())
        .filter(|d| !d.is_empty())
        .filter_map(|d| title_in(d).map(|title| format!("{title} {}", name(d))))
        .collect();
    let deputies = match deputies.as_slice() {
        [] => String::new(),
        list => format!(" (record 112 gives the deputies {})", list.join(", ")),
    };
    let chief = t
        .header
        .chief_arbiter
        .as_ref()
        .map(|c| c.value.trim())
        .filter(|c| !c.is_empty());
    match chief.map(|c| (c, title_in(c))) {
        None => format!(
            "the report names no Chief Arbiter (102){deputies}: confirm the Chief Arbiter is an IA or FA, {REST}"
        ),
        Some((c, None)) => format!(
            "record 102 (`{c}`) does not give the Chief Arbiter's title{deputies}: confirm the Chief Arbiter is an IA or FA, {REST}"
        ),
        Some((c, Some(title @ ("IA" | "FA")))) => format!(
            "record 102 gives the Chief Arbiter as {title} ({}){deputies}: confirm {REST}",
            name(c)
        ),
        Some((c, Some(title))) => format!(
            "record 102 gives the Chief Arbiter as {title} ({}), and 1.1.5 asks for an IA or FA as Chief Arbiter{deputies}: record 102 is free text, so confirm the Chief Arbiter's title, and that {REST}",
            name(c)
        ),
    }
}

/// The arbiter's name: the record without its title word.
fn name(text: &str) -> String {
    let words: Vec<&str> = text
        .split_whitespace()
        .filter(|w| !matches!(*w, "IA" | "FA" | "NA"))
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(lines: &str) -> Tournament {
        let text = format!("012 Open\n{lines}001    1      Doe, John                         2000 USA                    2000.00.00  0.0    1\n");
        crate::read::parse_bytes(text.as_bytes(), &crate::ReadOptions::default())
            .unwrap()
            .tournament
    }

    #[test]
    fn titles_as_arbiters_write_them() {
        assert_eq!(title_in("IA Mikel Larreategi Arana (22232540)"), Some("IA"));
        assert_eq!(title_in("Smith, John (FA, 12345678)"), Some("FA"));
        assert_eq!(title_in("International Arbiter Jane Roe"), Some("IA"));
        assert_eq!(title_in("NA Kowalski, Jan"), Some("NA"));
        // No title: a name holding the letters is no title.
        assert_eq!(title_in("225185 Bailleul, Geert"), None);
        assert_eq!(title_in("Fabian Iachini"), None);
    }

    #[test]
    fn the_chief_arbiters_title_is_read_from_102() {
        let ia = to_confirm(&report(
            "102 IA Mikel Larreategi Arana (22232540)\n112 FA Roe, Jane\n",
        ));
        assert_eq!(
            ia,
            "record 102 gives the Chief Arbiter as IA (Mikel Larreategi Arana (22232540)) (record 112 gives the deputies FA Roe, Jane): confirm an IA or FA was always present, and no appointed arbiter played"
        );
        let na = to_confirm(&report("102 NA Kowalski, Jan\n"));
        assert!(
            na.contains("as NA (Kowalski, Jan), and 1.1.5 asks for an IA or FA"),
            "{na}"
        );
        let none = to_confirm(&report("102 225185 Bailleul, Geert\n"));
        assert!(
            none.starts_with(
                "record 102 (`225185 Bailleul, Geert`) does not give the Chief Arbiter's title"
            ),
            "{none}"
        );
        let absent = to_confirm(&report(""));
        assert!(
            absent.starts_with("the report names no Chief Arbiter (102)"),
            "{absent}"
        );
    }
}
