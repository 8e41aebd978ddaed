//! Every condition of a norm trfkit checks or asks the arbiter to confirm,
//! with its code, its article (as numbered in the 2024 edition; other
//! editions are renumbered by [`Edition::article`]) and its `trf explain`
//! page. These are not validation rules of the report: a failed condition
//! means "no norm", not "the file is wrong", so they are not in the rule
//! registry.

use super::edition::{Edition, EDITIONS};
use serde::Serialize;

/// What a condition is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ConditionKind {
    /// Checked from the report: it can fail a norm.
    Checked,
    /// A TRF cannot show it: listed "to confirm", never assumed.
    ToConfirm,
    /// A finding about the data (a rating list disagrees, the edition is
    /// not covered).
    Finding,
    /// A rule of the title application, not of this norm: the event's
    /// part in it is reported, never decided.
    Application,
}

/// One condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct Condition {
    /// Stable code, `NORM-F144`.
    pub code: &'static str,
    /// Stable name, `own-federation`.
    pub name: &'static str,
    /// Checked, to confirm, or a finding.
    pub kind: ConditionKind,
    /// The article(s) as the 2024 edition numbers them.
    pub article: &'static str,
    /// One line.
    pub summary: &'static str,
    /// The `trf explain` text.
    pub explanation: &'static str,
}

impl Condition {
    /// The article in each edition, oldest first; for a rule of the title
    /// application, the edition in force for applications only.
    pub(crate) fn articles(&self) -> Vec<(Edition, String)> {
        EDITIONS
            .iter()
            .filter(|e| self.kind != ConditionKind::Application || **e == Edition::B01_2024)
            .map(|e| {
                let a = self
                    .article
                    .split(", ")
                    .map(|a| e.article(a))
                    .collect::<Vec<_>>()
                    .join(", ");
                (*e, a)
            })
            .collect()
    }
}

macro_rules! conditions {
    ($($id:ident = $code:literal $name:literal $kind:ident $article:literal $summary:literal $explanation:literal;)*) => {
        $(
            #[doc = $summary]
            pub(crate) const $id: Condition = Condition {
                code: $code,
                name: $name,
                kind: ConditionKind::$kind,
                article: $article,
                summary: $summary,
                explanation: $explanation,
            };
        )*
        /// Every condition, in code order.
        pub(crate) const ALL: &[Condition] = &[$($id),*];
    };
}

conditions! {
    UNSUPPORTED_EDITION = "NORM-E000" "unsupported-edition" Finding "0.2"
        "The event started before 1 July 2014: trfkit does not cover the Title Regulations in force then"
        "Each edition of the Title Regulations applies to tournaments that start on or after its date (0.22 in 2014 and 2017, 0.2 from 2022). trfkit covers the editions of 1 July 2014, 1 July 2017, 2022, 2023 and 2024. Older texts counted differently (an older text counted an unrated opponent as 2000), so no norm is computed for an event that started before 1 July 2014, or whose start date the report does not give in 042 or 132 (then the 2024 edition is assumed and the output says so).";
    ROUNDS_PER_DAY = "NORM-E040" "rounds-per-day" Checked "1.1.3"
        "More than two rounds were played on one day"
        "At most two rounds a day may be played in a norm event. trfkit counts the rounds on each date of record 132; a date with three or more rounds fails every norm of the event. Without round dates the condition is listed to confirm.";
    TIME_CONTROL = "NORM-E041" "time-control" Checked "1.1.3, 0.5"
        "The time control gives a player less than 2 hours for 60 moves"
        "Each player must have at least 2 hours for all the moves, assuming 60 moves (base time plus 60 increments), and only standard-rated games count (0.5). trfkit reads record 222 (exact) or 122 (free text); when neither can be read the condition is listed to confirm. FIDE has not published, in a text trfkit has read, the time-control wording of the 2017, 2022 and 2023 editions; trfkit assumes the 2024 wording (a secondary summary gives 90 minutes + 30 seconds from move 1, which is the same 2 hours for 60 moves).";
    GAMES = "NORM-F141" "games" Checked "1.4.1a, 1.4.1b, 1.4.1c"
        "Fewer counted games than the norm needs"
        "A norm needs at least 9 counted games (1.4.1a); 1.4.1b allows 7 in some team and club championships and 8 (counted as 9) in the World Cup, which a TRF cannot show: give --min-games. 1.4.1c: in a 9-round event, 8 games are enough when the missing round is a forfeit win or a pairing-allocated bye and the norm is met on the 8 games (only one such norm per title application); FIDE's text does not say, in the sources trfkit has read, whether the thresholds are then computed on 8 or 9 games: trfkit computes them on the 8 games played. Games not counted: forfeits and games not played over the board (1.4.2c), byes, games of less than one move (FIDE's text does not say, in the sources trfkit has read, whether they count; trfkit leaves them out, as the Rating Regulations leave them out of rating), opponents without a FIDE federation (1.4.2a), and in round robins unrated opponents who scored nothing against rated ones (1.4.2b). For a title application an event of more than 13 rounds counts as 13 games (1.7).";
    FOREIGN_FEDERATIONS = "NORM-F143" "foreign-federations" Checked "1.4.3"
        "Fewer than two federations other than the player's among the opponents"
        "At least two federations other than the player's own must be among the opponents. Opponents under the FIDE flag (FID) count as games but not as a federation. Exempt: the final of a national championship and national team championships for players of the registering federation (1.4.3a, 1.4.3b, give --exempt), zonal and sub-zonal events (1.4.3c, --exempt 1.4.3c), and Swiss events where, in every round, at least 20 rated players from outside the host federation, from at least 3 federations, 10 of them GM, IM, WGM or WIM, took part (1.4.3d: trfkit computes it; a player counts when missing at most one round, a pairing-allocated bye not being a missed round; FIDE has not published, in a text trfkit has read, the numbers of the 2014 and 2017 editions, 1.43d; trfkit assumes those of 2024). An exemption waives 1.4.3 and 1.4.4, never the titles, ratings or score. A title application needs at least one norm made without an exemption (1.4.3e).";
    OWN_FEDERATION = "NORM-F144" "own-federation" Checked "1.4.4"
        "More than 3/5 of the opponents from the player's own federation"
        "At most 3/5 of the opponents may come from the player's own federation; maximum counts are rounded down (9 games: at most 5). Waived by the exemptions of 1.4.3a-d.";
    ONE_FEDERATION = "NORM-F145" "one-federation" Checked "1.4.4"
        "More than 2/3 of the opponents from one federation"
        "At most 2/3 of the opponents may come from any one federation (the player's own included); rounded down (9 games: at most 6). FID is never one federation. Waived by the exemptions of 1.4.3a-d.";
    TITLE_HOLDERS = "NORM-F151" "title-holders" Checked "1.4.5a"
        "Fewer than half of the opponents hold a title"
        "At least 50% of the opponents must be title holders: GM, IM, WGM, WIM, FM or WFM (CM and WCM do not count); minimum counts are rounded up (9 games: 5). With --rating-list, a title the report shows but the list does not is not counted.";
    NORM_TITLE_HOLDERS = "NORM-F152" "norm-title-holders" Checked "1.4.5b, 1.4.5c, 1.4.5d, 1.4.5e"
        "Too few opponents hold the norm's title or a higher one"
        "At least 1/3 of the opponents, and at least 3, must hold: GM for a GM norm (1.4.5b); GM or IM for an IM norm (1.4.5c); GM, IM or WGM for a WGM norm (1.4.5d); GM, IM, WGM or WIM for a WIM norm (1.4.5e). In a double round robin the number is halved (1.4.5f): trfkit counts each opponent once and requires half the number computed on the games, rounded up.";
    DOUBLE_ROUND_ROBIN_PLAYERS = "NORM-F153" "double-round-robin-players" Checked "1.4.5f"
        "A double round robin with fewer than 6 players"
        "A double round robin counts for a norm only with at least 6 players.";
    PERFORMANCE = "NORM-F180" "performance" Checked "1.4.8, 1.4.9"
        "The performance rating is below the norm's"
        "Rp = Ra + dp must reach 2600 (GM), 2450 (IM), 2400 (WGM) or 2250 (WIM). p is the score in percent rounded to the nearest whole number, 0.5 up, and dp comes from the table of 1.4.9 (the Rating Regulations' table 8.1.1, entry by entry). trfkit computes everything in integers.";
    RATING_AVERAGE = "NORM-F181" "rating-average" Checked "1.4.6, 1.4.7, 1.4.8a"
        "The opponents' average rating is below the norm's minimum"
        "Ra is the opponents' ratings of the list in force at the start (1.4.6a) added up and divided by the games, rounded to the nearest integer, .5 up (1.4.7). An unrated opponent counts 1400 in 2024 (1.4.6d; trfkit assumes 1000 before 2024, FIDE's rating floor of the time, as FIDE has not published that edition's value in a text trfkit has read). Only the lowest-rated opponent is raised to the floor, 2200 (GM), 2050 (IM), 2000 (WGM) or 1850 (WIM) (1.4.6b-c). Ra must reach 2380 (GM), 2230 (IM), 2180 (WGM) or 2030 (WIM) (1.4.8a).";
    MINIMUM_SCORE = "NORM-F182" "minimum-score" Checked "1.4.8b"
        "The score is below 35%"
        "Every norm needs a score of at least 35%. FIDE's text does not say, in the sources trfkit has read, whether the rounded percentage may be used; trfkit tests the exact score (score x 100 >= 35 x games), which differs only in a few cases (4.5 of 13).";
    FID_OPPONENTS = "NORM-W010" "fid-opponents" ToConfirm "1.4.2a, 1.4.3"
        "An opponent plays under the FIDE flag (FID)"
        "Games against FID players count (games, titles, ratings, score) but FID is not a federation for 1.4.3 and 1.4.4. FIDE's Qualification Commission noted in 2023 that the FID flag counts for norms under certain circumstances, and players of some federations shown as FID count under their own flag; a TRF cannot tell which: confirm.";
    TITLES_AT_START = "NORM-W020" "titles-at-start" ToConfirm "1.1.4"
        "The opponents' titles are as exported, not as they were at the start"
        "An opponent's title counts only in tournaments that start after it was confirmed (0.43 in 2014 and 2017; trfkit assumes the rule still holds later, FIDE not having published otherwise in a text trfkit has read); in events of more than 30 days the title when the game was played counts (1.1.4). The TRF's title column is the title when the file was written: confirm, or give --rating-list with the list of the start month.";
    DURATION = "NORM-C114" "duration" ToConfirm "1.1.4"
        "An event of the 2014 or 2017 edition that lasted more than 90 days (a league: more than a year)"
        "The 2014 and 2017 editions count norms only from events of at most 90 days, and from leagues of at most one year (1.14 of those editions, as FIDE's news of May 2020 states it; trfkit has not read the article itself). An event that lasted longer is listed to confirm rather than failing its norms. A league is an event whose declared type (092 or 192) says so. The 2024 edition (1.1.4) sets no maximum; in an event of more than 30 days the ratings and titles when each game was played count (NORM-W030). FIDE has not published, in a text trfkit has read, whether the 2022 and 2023 editions keep a maximum; trfkit assumes the 2024 rule.";
    LONG_EVENT = "NORM-W030" "long-event" ToConfirm "1.1.4"
        "The event lasted more than 30 days"
        "In an event of more than 30 days the ratings and titles at the time each game was played count. A TRF holds one rating per player, so trfkit uses it: confirm each game's rating.";
    TIME_CONTROL_UNKNOWN = "NORM-W041" "time-control-unknown" ToConfirm "1.1.3"
        "The time control could not be read"
        "Neither record 222 nor record 122 gives a time control trfkit can read: confirm that each player had at least 2 hours for 60 moves, the same in every game (1.1.3b).";
    REGISTRATION = "NORM-C111" "registration" ToConfirm "1.1.1"
        "The event was registered at least 30 days before it started"
        "A norm event must be registered with FIDE at least 30 days before it starts, unless FIDE approved otherwise. A TRF does not hold the registration: confirm.";
    PLAY_PER_DAY = "NORM-C112" "play-per-day" ToConfirm "1.1.2"
        "At most 12 hours of play a day"
        "Play may not exceed 12 hours a day, computed on games of 60 moves. A TRF cannot show it: confirm.";
    ROUNDS_PER_DAY_UNKNOWN = "NORM-C113" "rounds-per-day-unknown" ToConfirm "1.1.3"
        "The report has no round dates"
        "At most two rounds a day may be played (1.1.3); without the dates of record 132 trfkit cannot count them: confirm.";
    ARBITERS = "NORM-C115" "arbiters" ToConfirm "1.1.5, 1.1.6"
        "The Chief Arbiter is an IA or FA, and no appointed arbiter played"
        "The Chief Arbiter must be an International or FIDE Arbiter, one of them always in the playing hall (1.1.5), and an appointed arbiter may not play (1.1.6). Records 102 and 112 are free text: trfkit reads a title written there (IA, FA, NA, or the words) and says it, and a Chief Arbiter given as neither IA nor FA is said; the condition stays one to confirm.";
    EVENT_TYPE = "NORM-C141" "event-type" ToConfirm "1.4.1b"
        "The event is one of those allowed fewer games"
        "--min-games lowers the number of games, which 1.4.1b allows only in World and Continental Team or Club Championships (7 games) and the World Cups (8 games counted as 9): confirm that the event is one of them.";
    EIGHT_PLUS_ONE = "NORM-C140" "eight-plus-one" ToConfirm "1.4.1c"
        "A norm of 8 games plus a forfeit win or pairing-allocated bye"
        "The norm counts as 9 games under 1.4.1c, which a title application may use only once: confirm with the player's other norms.";
    UNCHANGED_EVENT = "NORM-C142" "unchanged-event" ToConfirm "1.4.2d"
        "The tournament was not changed to benefit a player"
        "An event whose rounds, order or opponents were changed to help a player reach a norm does not count (1.4.2d). A TRF cannot show it: confirm.";
    LAST_ROUND_FORFEIT = "NORM-C147" "last-round-forfeit" ToConfirm "1.4.2c"
        "A last-round forfeit, counted as a played loss, would give the norm"
        "Games decided by forfeit do not count (1.4.2c), but a forfeit in the last round can still leave a valid norm when the player had to play to reach the number of games and could have afforded to lose. trfkit then judges the norm again with that round as a loss against the scheduled opponent and reports it as a second evaluation (`1.4.2c-last-round`); the norm is not marked made, as FIDE's Qualification Commission decides: confirm.";
    FORMAT = "NORM-C148" "format" ToConfirm "1.4.2e"
        "The event is not a Swiss, round robin, double round robin or knockout"
        "Norms count from Swiss, round-robin, double round-robin and knockout events; any other format needs the prior approval of the Qualification Commission's Chairperson (1.4.2e). trfkit takes the format from the tournament type the check decides (the type declared in 092 or 192, confirmed by the pairings): a match of two players or a team competition is listed to confirm. A TRF cannot tell a knockout from a Swiss; both pass. FIDE has not published, in a text trfkit has read, the format rule of the editions before 2024; trfkit assumes the 2024 rule.";
    EXEMPTION = "NORM-C143" "exemption" ToConfirm "1.4.3a, 1.4.3b, 1.4.3c, 1.4.3e"
        "The exemption given with --exempt applies"
        "--exempt 1.4.3a (final of the national championship, or national women's championship), 1.4.3b (national team championship; results of different divisions may not be combined) and 1.4.3c (zonal and sub-zonal tournaments) waive 1.4.3 and 1.4.4; a and b only for players of the registering federation (trfkit takes the host federation of record 032). Confirm the event is of that kind, and that the application has one norm made without an exemption (1.4.3e).";
    RATINGS_AT_START = "NORM-C146" "ratings-at-start" ToConfirm "1.4.6a"
        "The opponents' ratings are those of the list in force at the start"
        "The rating of each opponent is the one of the list in force when the event started (1.4.6a). The TRF's rating column normally is, but a file exported later may differ: confirm, or give --rating-list with the list of the start month.";
    ONE_ROUND_A_DAY = "NORM-A113" "one-round-a-day" Application "1.1.3a"
        "A GM or WGM application needs one norm from an event with one round a day on at least 3 days"
        "A title application for GM or WGM based on norms needs at least one norm from an event with one round a day for at least 3 days (1.1.3a of the 2024 edition, in force for applications today). It concerns the application, not this norm: for each GM or WGM norm made, trfkit reports whether this event qualifies, counting the dates of record 132 on which exactly one round was played (trfkit's reading of \"one round per day for at least 3 days\"); without round dates it cannot tell. FIDE has not published, in a text trfkit has read, whether the editions before 2024 had the rule.";
    QUALIFYING_EVENT = "NORM-A156" "qualifying-event" Application "1.5.6"
        "An application with a norm made after 30 June 2022 needs one norm from a qualifying event"
        "If a title application contains a norm made after 30 June 2022, at least one of its norms must come from an individual Swiss in which every round had at least 40 participants averaging at least 2000 (players counted only if they missed at most one round, a pairing-allocated bye not being a missed round), a Chess Olympiad, an event giving direct qualifiers to the Candidates or to the World Cup, an individual event under the EVE regulations, or the final of a national individual championship (1.5.6 of the 2024 edition). It concerns the application, not this norm: for each norm made in an event that ended after 30 June 2022, trfkit reports whether the event is such a Swiss, counting per round the FIDE-rated players present who missed at most one round and the average of the 40 highest-rated of them (compared exactly, in integers); the other kinds of event a TRF cannot show. The wording of 1.5.6 as FIDE's Council changed it in November 2022 was not available to trfkit; trfkit uses the 2024 text.";
    TITLE_NOT_IN_LIST = "NORM-L145" "title-not-in-list" Finding "1.4.5"
        "An opponent's title in the report is not in the rating list"
        "With --rating-list, each opponent's title is looked up by FIDE ID. A title the report shows that the list does not show does not count toward 1.4.5; when the list shows another title (an IM the report calls GM), the list's counts instead; the output says which.";
    RATING_DIFFERS_FROM_LIST = "NORM-L146" "rating-differs-from-list" Finding "1.4.6a"
        "An opponent's rating in the report differs from the rating list"
        "With --rating-list, each opponent's standard rating is compared with the list. trfkit keeps the report's rating (the list given may not be the one in force at the start) and names the difference: confirm which is the start rating.";
}

/// The condition with this code or name (case-insensitive code).
pub(crate) fn find(key: &str) -> Option<&'static Condition> {
    ALL.iter()
        .find(|c| c.name == key || c.code.eq_ignore_ascii_case(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique() {
        for (i, a) in ALL.iter().enumerate() {
            for b in &ALL[i + 1..] {
                assert_ne!(a.code, b.code);
                assert_ne!(a.name, b.name);
            }
        }
    }

    #[test]
    fn articles_by_edition() {
        let a = OWN_FEDERATION.articles();
        assert_eq!(a[0], (Edition::B01_2014, "1.44".to_owned()));
        assert_eq!(a[4], (Edition::B01_2024, "1.4.4".to_owned()));
        let t = ROUNDS_PER_DAY.articles();
        assert_eq!(t[1].1, "1.13");
    }
}
