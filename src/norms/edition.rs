//! The editions of FIDE's Title Regulations (Handbook B.01) that decide a
//! norm, chosen by the event's start date (B.01 0.22 of 2014 and 2017, 0.2
//! from 2022: changes apply to tournaments that start on or after the
//! edition's date), and what each edition says or is assumed to say.

use chrono::NaiveDate;
use serde::Serialize;

/// An edition of the Title Regulations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[non_exhaustive]
pub enum Edition {
    /// In force for events starting 1 July 2014 – 30 June 2017.
    #[serde(rename = "B01_2014")]
    B01_2014,
    /// In force for events starting 1 July 2017 – 31 December 2021.
    #[serde(rename = "B01_2017")]
    B01_2017,
    /// In force for events starting in 2022.
    #[serde(rename = "B01_2022")]
    B01_2022,
    /// In force for events starting in 2023.
    #[serde(rename = "B01_2023")]
    B01_2023,
    /// In force for events starting from 1 January 2024.
    #[serde(rename = "B01_2024")]
    B01_2024,
}

/// Every edition, oldest first.
pub(crate) const EDITIONS: [Edition; 5] = [
    Edition::B01_2014,
    Edition::B01_2017,
    Edition::B01_2022,
    Edition::B01_2023,
    Edition::B01_2024,
];

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

impl Edition {
    /// The edition in force for an event that starts on `start`; `None`
    /// before 1 July 2014, which trfkit does not cover.
    pub fn at(start: NaiveDate) -> Option<Edition> {
        EDITIONS.iter().rev().copied().find(|e| start >= e.from())
    }

    /// The first start date the edition applies to.
    pub fn from(self) -> NaiveDate {
        match self {
            Edition::B01_2014 => date(2014, 7, 1),
            Edition::B01_2017 => date(2017, 7, 1),
            Edition::B01_2022 => date(2022, 1, 1),
            Edition::B01_2023 => date(2023, 1, 1),
            Edition::B01_2024 => date(2024, 1, 1),
        }
    }

    /// The id used in output (`B01_2024`).
    pub fn id(self) -> &'static str {
        match self {
            Edition::B01_2014 => "B01_2014",
            Edition::B01_2017 => "B01_2017",
            Edition::B01_2022 => "B01_2022",
            Edition::B01_2023 => "B01_2023",
            Edition::B01_2024 => "B01_2024",
        }
    }

    /// How people name it.
    pub fn words(self) -> &'static str {
        match self {
            Edition::B01_2014 => "FIDE Title Regulations (B.01) in force from 1 July 2014",
            Edition::B01_2017 => "FIDE Title Regulations (B.01) in force from 1 July 2017",
            Edition::B01_2022 => "FIDE Title Regulations (B.01) in force from 1 January 2022",
            Edition::B01_2023 => "FIDE Title Regulations (B.01) in force from 1 January 2023",
            Edition::B01_2024 => "FIDE Title Regulations (B.01) in force from 1 January 2024",
        }
    }

    /// Whether the edition numbers its articles `1.4x` (2014, 2017) rather
    /// than `1.4.x` (2022 on).
    fn old_numbering(self) -> bool {
        self <= Edition::B01_2017
    }

    /// The article of this edition that holds what the 2024 edition holds
    /// in `article_2024` (`1.4.8a` → `1.48a` in 2014 and 2017). Articles
    /// `0.x` keep their number.
    pub fn article(self, article_2024: &str) -> String {
        if !self.old_numbering() || article_2024.starts_with("0.") {
            return article_2024.to_owned();
        }
        // `1.4.8a` → `1.48a`: the second dot goes.
        match article_2024.match_indices('.').nth(1) {
            Some((i, _)) => format!("{}{}", &article_2024[..i], &article_2024[i + 1..]),
            None => article_2024.to_owned(),
        }
    }

    /// "B.01 (2024) 1.4.8a": an article of this edition as output cites it.
    pub fn cite(self, article_2024: &str) -> String {
        format!("B.01 ({}) {}", self.year(), self.article(article_2024))
    }

    /// The year in the edition's name.
    pub fn year(self) -> u16 {
        match self {
            Edition::B01_2014 => 2014,
            Edition::B01_2017 => 2017,
            Edition::B01_2022 => 2022,
            Edition::B01_2023 => 2023,
            Edition::B01_2024 => 2024,
        }
    }

    /// The rating an unrated opponent counts as (1.4.6d of 2024: 1400).
    pub fn unrated_value(self) -> i32 {
        match self {
            Edition::B01_2024 => 1400,
            _ => 1000,
        }
    }

    /// What the edition's text, as far as trfkit has it, leaves open, and
    /// the reading trfkit uses instead: one sentence each, in plain words.
    pub fn readings(self) -> Vec<String> {
        let mut r = Vec::new();
        if self != Edition::B01_2024 {
            r.push(format!(
                "FIDE's text of this edition's norm articles ({}-{}) was not available to trfkit; trfkit assumes the thresholds that are the same in the 2017 and 2024 editions (Rp 2600/2450/2400/2250, minimum Ra 2380/2230/2180/2030, rating floor 2200/2050/2000/1850), 9 games, at most 3/5 from the own federation and 2/3 from one federation, at least 50% title holders and 1/3 (at least 3) norm-title holders, the 35% minimum, at most 2 rounds a day and at least 2 hours for 60 moves, as in the 2024 edition.",
                self.article("1.4.1"),
                self.article("1.4.9")
            ));
            r.push(format!(
                "FIDE has not published, in a text trfkit has read, the rating an unrated opponent counts as in this edition ({}); trfkit assumes 1000, FIDE's rating floor of the time (the 2024 edition says 1400).",
                self.article("1.4.6d")
            ));
            if self.old_numbering() {
                r.push(format!(
                    "The 2024 rules on 8 games plus a forfeit win or pairing-allocated bye (1.4.1c) and on the Swiss exemption (1.4.3d: 20 foreign rated players from 3 federations, 10 of them GM, IM, WGM or WIM) are assumed to hold in this edition as {} and {}.",
                    self.article("1.4.1c"),
                    self.article("1.4.3d")
                ));
            }
        }
        if self == Edition::B01_2022 || self == Edition::B01_2023 {
            r.push(
                "FIDE has not published, in a text trfkit has read, this edition's article numbers; trfkit assumes the numbering of the 2024 edition (1.4.1-1.4.9)."
                    .to_owned(),
            );
        }
        if self == Edition::B01_2014 {
            r.push(
                "FIDE has not published, in a text trfkit has read, the 2014 edition's norm articles; trfkit assumes they are numbered and valued as in the 2017 edition (1.41-1.49)."
                    .to_owned(),
            );
        }
        r
    }

    /// Readings of points FIDE's text leaves open in every edition, by the
    /// case they concern: `35` (the minimum score), `short` (games of less
    /// than one move), `8+1` (1.4.1c) and `drr` (double round robins).
    pub fn open_points(self) -> [(&'static str, String); 4] {
        [
            ("35", format!(
                "FIDE's text does not say, in the sources trfkit has read, whether the 35% minimum score ({}) is tested on the rounded percentage; trfkit tests the exact score (score x 100 >= 35 x games).",
                self.article("1.4.8b")
            )),
            ("short", format!(
                "FIDE's text does not say, in the sources trfkit has read, whether games that lasted less than one move (W, D, L) count for a norm; trfkit leaves them out, as the Rating Regulations leave them out of rating, and norm events are rated events ({}).",
                self.article("1.4.2c")
            )),
            ("8+1", format!(
                "FIDE's text does not say, in the sources trfkit has read, whether the thresholds of {} (8 games plus a forfeit win or pairing-allocated bye) are computed on 8 or 9 games; trfkit computes them on the 8 games played.",
                self.article("1.4.1c")
            )),
            ("drr", format!(
                "In a double round robin FIDE halves the number of norm-title holders ({}); FIDE's text does not say, in the sources trfkit has read, whether games or opponents are counted: trfkit counts each opponent once and requires half the number computed on the games, rounded up; the federation shares and title holders ({}, {}, {}) are counted on games, each opponent as often as met.",
                self.article("1.4.5f"),
                self.article("1.4.3"),
                self.article("1.4.4"),
                self.article("1.4.5a")
            )),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editions_by_start_date() {
        assert_eq!(Edition::at(date(2014, 6, 30)), None);
        assert_eq!(Edition::at(date(2014, 7, 1)), Some(Edition::B01_2014));
        assert_eq!(Edition::at(date(2017, 6, 30)), Some(Edition::B01_2014));
        assert_eq!(Edition::at(date(2017, 7, 1)), Some(Edition::B01_2017));
        assert_eq!(Edition::at(date(2021, 12, 31)), Some(Edition::B01_2017));
        assert_eq!(Edition::at(date(2022, 1, 1)), Some(Edition::B01_2022));
        assert_eq!(Edition::at(date(2023, 6, 1)), Some(Edition::B01_2023));
        assert_eq!(Edition::at(date(2026, 1, 1)), Some(Edition::B01_2024));
    }

    #[test]
    fn articles_renumbered_for_the_old_editions() {
        assert_eq!(Edition::B01_2017.article("1.4.8a"), "1.48a");
        assert_eq!(Edition::B01_2014.article("1.4.3d"), "1.43d");
        assert_eq!(Edition::B01_2017.article("1.1.3"), "1.13");
        assert_eq!(Edition::B01_2017.article("0.5"), "0.5");
        assert_eq!(Edition::B01_2022.article("1.4.8a"), "1.4.8a");
        assert_eq!(Edition::B01_2024.cite("1.4.4"), "B.01 (2024) 1.4.4");
    }

    #[test]
    fn unrated_value_by_edition() {
        assert_eq!(Edition::B01_2024.unrated_value(), 1400);
        assert_eq!(Edition::B01_2017.unrated_value(), 1000);
    }
}
