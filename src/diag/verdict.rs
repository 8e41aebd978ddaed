//! The verdict on a report, and every sentence that says it.
//!
//! The verdict is worded here and only here: the one-line verdict of the
//! text output, the verdict block of the HTML report and the pages, and
//! the banners of the rating figures all build their sentences from these
//! phrases, so that no two outputs say one verdict in different words.

use super::Consequence;
use serde::Serialize;
use std::fmt;

/// What FIDE will do with a report as a whole, derived from the
/// consequences of its findings. A contract: JSON `"verdict"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Verdict {
    /// Some finding is `event-not-rated`: the event will not be rated.
    NotRateable,
    /// No finding stops the event, but some is `fix-before-upload`.
    FixBeforeUpload,
    /// Nothing stops the upload; games or players may still be left out.
    Ready,
}

impl Verdict {
    /// The verdict of a set of findings.
    pub fn of(consequences: impl IntoIterator<Item = Consequence>) -> Verdict {
        let mut v = Verdict::Ready;
        for c in consequences {
            match c {
                Consequence::EventNotRated => return Verdict::NotRateable,
                Consequence::FixBeforeUpload => v = Verdict::FixBeforeUpload,
                _ => {}
            }
        }
        v
    }

    /// The contract name: `not-rateable`, `fix-before-upload`, `ready`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::NotRateable => "not-rateable",
            Verdict::FixBeforeUpload => "fix-before-upload",
            Verdict::Ready => "ready",
        }
    }

    /// The verdict in words, for people: a heading, or a clause inside a
    /// sentence ("No rating changes: FIDE will not rate this event.").
    pub fn words(self) -> &'static str {
        match self {
            Verdict::NotRateable => "FIDE will not rate this event",
            Verdict::FixBeforeUpload => "fix the report before upload",
            Verdict::Ready => "ready to upload",
        }
    }

    /// The verdict as the first words of the text output's verdict line.
    fn label(self) -> &'static str {
        match self {
            Verdict::NotRateable => "NOT RATEABLE",
            Verdict::FixBeforeUpload => "FIX BEFORE UPLOAD",
            Verdict::Ready => "READY to upload",
        }
    }

    /// What the verdict means for the report, in one clause; `left_out`:
    /// some games or players are not rated (a `ready` report is still
    /// rated without them).
    fn meaning(self, left_out: bool) -> &'static str {
        match self {
            Verdict::NotRateable => "FIDE will not rate this event as played",
            Verdict::FixBeforeUpload => "data FIDE or the rating officer needs is missing or wrong",
            Verdict::Ready if left_out => {
                "FIDE will rate it, without the games or players named below"
            }
            Verdict::Ready => "FIDE will rate it",
        }
    }

    /// The verdict line of the text output: `NOT RATEABLE: FIDE will not
    /// rate this event as played: WHY`, `why` being the first finding that
    /// stops the event (empty when there is none to name).
    pub fn line(self, left_out: bool, why: &str) -> String {
        let mut line = format!("{}: {}", self.label(), self.meaning(left_out));
        if !why.is_empty() {
            line.push_str(": ");
            line.push_str(why);
        }
        line
    }

    /// The verdict's paragraph in the HTML report and on the pages: what it
    /// means, and what to do.
    pub fn paragraph(self, left_out: bool) -> String {
        let meaning = self.meaning(left_out);
        match self {
            Verdict::NotRateable => format!(
                "{}: no correction of the file changes that. The findings under “{}” say why.",
                capitalised(meaning),
                Consequence::EventNotRated.heading()
            ),
            Verdict::FixBeforeUpload => format!(
                "{}. Correct what is listed under “{}”, export the report again and check it again before it is uploaded.",
                capitalised(meaning),
                Consequence::FixBeforeUpload.heading()
            ),
            Verdict::Ready => format!("Nothing stops the upload: {meaning}."),
        }
    }

    /// The banner over rating figures that are not simply what FIDE will
    /// publish: `hypothetical` figures of an event FIDE will not rate
    /// (`--what-if`), no changes for a not-rateable event, figures that
    /// hold once a report is fixed; `None` for a ready report's figures.
    pub fn figures_banner(self, hypothetical: bool) -> Option<String> {
        let not_rated = Verdict::NotRateable.words();
        if hypothetical {
            return Some(format!(
                "HYPOTHETICAL: {not_rated}; these figures are what its calculation would give if it did (--what-if), and every one is marked hypothetical"
            ));
        }
        match self {
            Verdict::NotRateable => Some(format!(
                "NO RATING CHANGES: {not_rated}, for the reasons below; --what-if shows what its calculation would give"
            )),
            Verdict::FixBeforeUpload => Some(format!(
                "PROVISIONAL: {} (verdict {self}); these figures hold only once it is fixed",
                self.words()
            )),
            Verdict::Ready => None,
        }
    }

    /// The short status over rating figures on the HTML report and the
    /// pages ([`Verdict::figures_banner`] in a sentence); `None` for a
    /// ready report's figures.
    pub fn figures_status(self, hypothetical: bool) -> Option<String> {
        if hypothetical {
            return Some(format!(
                "Hypothetical figures: {}; these are what the calculation would give.",
                Verdict::NotRateable.words()
            ));
        }
        match self {
            Verdict::NotRateable => Some(format!("No rating changes: {}.", self.words())),
            Verdict::FixBeforeUpload => Some(format!(
                "Provisional figures: {}; they hold only once it is fixed.",
                self.words()
            )),
            Verdict::Ready => None,
        }
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::Verdict;

    /// The text line and the HTML paragraph say the same meaning, and a
    /// not-rateable line names its reason.
    #[test]
    fn one_meaning_in_every_output() {
        for v in [
            Verdict::NotRateable,
            Verdict::FixBeforeUpload,
            Verdict::Ready,
        ] {
            for left_out in [false, true] {
                let line = v.line(left_out, "");
                let meaning = v.meaning(left_out);
                assert!(line.ends_with(meaning), "{line}");
                assert!(
                    v.paragraph(left_out)
                        .to_lowercase()
                        .contains(&meaning.to_lowercase()),
                    "{v:?}"
                );
            }
        }
        assert_eq!(
            Verdict::NotRateable.line(false, "too few rated players"),
            "NOT RATEABLE: FIDE will not rate this event as played: too few rated players"
        );
        assert_eq!(Verdict::Ready.figures_banner(false), None);
        assert!(Verdict::Ready
            .figures_banner(true)
            .is_some_and(|b| b.starts_with("HYPOTHETICAL")));
    }
}
