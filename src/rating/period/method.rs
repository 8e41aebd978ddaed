//! How `trf period` computes a rating period, step by step, with the
//! reading trfkit takes wherever FIDE's texts leave a point open: the
//! `trf explain period` page. Each reading is also said in the output of
//! a period that uses it.

/// One step of the method: a heading, what FIDE's regulations say and
/// where, and (when FIDE's texts leave it open) the reading trfkit takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    /// A few words.
    pub topic: &'static str,
    /// What trfkit does, citing FIDE's articles.
    pub text: &'static str,
    /// Where FIDE has not published the answer: the reading taken, in plain
    /// words; `None` where FIDE's text decides.
    pub reading: Option<&'static str>,
}

/// The method, in the order the computation runs.
pub(crate) const METHOD: &[Step] = &[
    Step {
        topic: "The period",
        text: "FIDE publishes one change per player and list (a rating period), added over every event of the period (FIDE Rating Regulations 2024 art. 7.1). A report cannot say when it was uploaded: --period YYYY-MM names the list computed, and every rateable report given is rated in it, with a warning where the regulations expect another list and a refusal only where they forbid it (an event not finished by the list's closing date, or more than the allowed lists late). Without --period each report goes to the list it is expected on, and each such list is rated as its own period, exactly as --period of that month rates the reports expected on it: the list most reports are expected on comes first (in JSON the top-level object, which then lists every report read), every other list after it in month order (in JSON `other_periods`, present only without --period; human: one section per list; CSV: every list's rows, the month in the `period` column).",
        reading: Some("The expected list is, from 2022, the list after the event's end, or the one after that when five days or fewer remain before it; the closing date is 3 days before the list from 2013, 7 days under the 2009 texts, and a month under quarterly lists."),
    },
    Step {
        topic: "Ro and the opponents' ratings",
        text: "Each event is rated with the ratings of the list in force at its start (art. 7.2.1): from --rating-list when that list is the start list, else the report's ratings, said per event.",
        reading: Some("A rating list whose month neither its header nor its file name tells is taken as the list before the period (t - 1), and said; without --period, as the list before the period most reports are expected on, for every period. An event of more than 30 days uses, for rounds dated under the list given, that list's ratings (as the Title Regulations 1.1.4 do for norms), and its start ratings for the others, said per event; unrated players' pools keep the start ratings."),
    },
    Step {
        topic: "K",
        text: "The K of each player is the one published on the list before the period (art. 7.1.2: \"the current value of K\"), from --rating-list's K column for the list's rating type; --k FIDE_ID=K overrides it. The same K applies to every event of the period, then the K x n cap (K x n <= 700 over the period's games, from the 2022 editions as their data have it, rapid and blitz included).",
        reading: Some("Without a list, K is derived from the latest event (rating and age bands of the edition), and said. When the list of an event's start month is given and its K differs from the K applied, the player's notes say so; when it is not given, they say it was not compared."),
    },
    Step {
        topic: "The change and its rounding",
        text: "Per event: W - We over the rated games (the same exclusions as trf rate), times K. Per period: the sum, printed with two decimals, rounded once (art. 7.1); the sum of the events rounded alone is printed beside it, and \"discriminating\" marks a player for whom the two differ.",
        reading: Some("Rounding before 2022 follows the edition's data (away from zero), so that the period of one report equals trf rate of it; a total of exactly -0.50 notes the half-up alternative. The 2024 uplift of ratings is never applied inside a period."),
    },
    Step {
        topic: "The base",
        text: "The new rating is the base plus the rounded change; the base is the player's rating on the list before the period (t - 1), not the Ro of an event.",
        reading: Some("Without that list, the base is the Ro of the player's latest-starting event, said. --base FIDE_ID=RATING gives the base for a player (a correction FIDE made), and is said."),
    },
    Step {
        topic: "Unrated players",
        text: "An unrated player's rated results of the period are pooled over its events; Ra, p, dp and Ru follow the edition's rules for a first rating (games against rated opponents, the minimum games and score, the floor), and the first rating is published when they are met, else why not.",
        reading: Some("The pool holds this period's events only: earlier results are not in the reports given, and this is said. Players without a FIDE ID are matched across reports by their name as the reader folds it, with a warning."),
    },
    Step {
        topic: "Problems across reports",
        text: "Reports read together are searched for one player in two events on one date (player-in-simultaneous-events), the same event twice (duplicate-report: counted once in the period) and one player described differently (player-data-conflict); trf explain gives each rule's page.",
        reading: None,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_is_worded_for_users() {
        for s in METHOD {
            for t in [s.text].into_iter().chain(s.reading) {
                assert!(!t.contains(".md") && !t.contains("(?)"), "{}", s.topic);
            }
        }
    }
}
