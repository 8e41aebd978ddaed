// Generated from grammar/columns.tsv by src/read/grammar_tests.rs; do not edit.
// `TRFKIT_REGENERATE=1 cargo test --lib grammar` rewrites it.

//! The column layout of every fixed-column record, as data.
//!
//! `grammar/columns.tsv` is the source of truth; this module is generated
//! from it as constants the parser slices with (`src/read/grammar_tests.rs` fails
//! when the two disagree). Columns are 1-based and inclusive, counted in
//! characters. A `stride` > 0 marks a repeating group: occurrence `k`
//! (0-based) sits at `from + k * stride ..= to + k * stride`.

mod field;
pub(crate) use field::{Field, FieldKind, Flag};

/// Record `001`.
pub(crate) mod p001 {
    use super::*;
    /// record code 001.
    pub(crate) const CODE: Field = Field {
        record: "001",
        since: "TRF16",
        name: "code",
        from: 1,
        to: 3,
        stride: 0,
        kind: FieldKind::Code,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
    /// starting rank (pairing number), 1-9999, right-aligned.
    pub(crate) const START_RANK: Field = Field {
        record: "001",
        since: "TRF16",
        name: "start_rank",
        from: 5,
        to: 8,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
    /// m or w (real files: M, f, F, blank).
    pub(crate) const SEX: Field = Field {
        record: "001",
        since: "TRF16",
        name: "sex",
        from: 10,
        to: 10,
        stride: 0,
        kind: FieldKind::Sex,
        rating: Flag::WarnIfWrong,
        pairing: Flag::Informative,
    };
    /// GM IM WGM FM WIM CM WFM WCM (TRF06: g m f c wg wm wf wc), right-aligned.
    pub(crate) const TITLE: Field = Field {
        record: "001",
        since: "TRF16",
        name: "title",
        from: 11,
        to: 13,
        stride: 0,
        kind: FieldKind::Title,
        rating: Flag::WarnIfWrong,
        pairing: Flag::Informative,
    };
    /// Lastname, Firstname.
    pub(crate) const NAME: Field = Field {
        record: "001",
        since: "TRF16",
        name: "name",
        from: 15,
        to: 47,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::WarnIfWrong,
        pairing: Flag::Informative,
    };
    /// FIDE rating; blank or 0 = unrated.
    pub(crate) const RATING: Field = Field {
        record: "001",
        since: "TRF16",
        name: "rating",
        from: 49,
        to: 52,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::WarnIfWrong,
        pairing: Flag::Informative,
    };
    /// FIDE federation code.
    pub(crate) const FEDERATION: Field = Field {
        record: "001",
        since: "TRF16",
        name: "federation",
        from: 54,
        to: 56,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::WarnIfWrong,
        pairing: Flag::Informative,
    };
    /// FIDE ID, up to 11 digits, right-aligned; blank or 0 = none.
    pub(crate) const FIDE_ID: Field = Field {
        record: "001",
        since: "TRF16",
        name: "fide_id",
        from: 58,
        to: 68,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Informative,
    };
    /// YYYY/MM/DD (real files: YYYY, YYYY/00/00, YYYY.MM.DD).
    pub(crate) const BIRTH_DATE: Field = Field {
        record: "001",
        since: "TRF16",
        name: "birth_date",
        from: 70,
        to: 79,
        stride: 0,
        kind: FieldKind::Date,
        rating: Flag::WarnIfWrong,
        pairing: Flag::Informative,
    };
    /// points under the tournament's scoring system, 11.5 format.
    pub(crate) const POINTS: Field = Field {
        record: "001",
        since: "TRF16",
        name: "points",
        from: 81,
        to: 84,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// rank (TRF26: ties allowed).
    pub(crate) const RANK: Field = Field {
        record: "001",
        since: "TRF16",
        name: "rank",
        from: 86,
        to: 89,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Informative,
    };
    /// starting rank of the opponent; 0000 or blank = none.
    pub(crate) const ROUND_OPPONENT: Field = Field {
        record: "001",
        since: "TRF16",
        name: "round.opponent",
        from: 92,
        to: 95,
        stride: 10,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
    /// w, b, - or blank.
    pub(crate) const ROUND_COLOUR: Field = Field {
        record: "001",
        since: "TRF16",
        name: "round.colour",
        from: 97,
        to: 97,
        stride: 10,
        kind: FieldKind::Colour,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
    /// + - W D L 1 = 0 H F U Z or blank (case-insensitive).
    pub(crate) const ROUND_RESULT: Field = Field {
        record: "001",
        since: "TRF16",
        name: "round.result",
        from: 99,
        to: 99,
        stride: 10,
        kind: FieldKind::Result,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
}

/// Record `132`.
pub(crate) mod p132 {
    use super::*;
    /// date of round r, YY/MM/DD, above round r's block.
    pub(crate) const ROUND_DATE: Field = Field {
        record: "132",
        since: "TRF16",
        name: "round_date",
        from: 92,
        to: 99,
        stride: 10,
        kind: FieldKind::Date,
        rating: Flag::Mandatory,
        pairing: Flag::Informative,
    };
}

/// Record `013`.
pub(crate) mod p013 {
    use super::*;
    /// team name.
    pub(crate) const TEAM_NAME: Field = Field {
        record: "013",
        since: "TRF16",
        name: "team_name",
        from: 5,
        to: 36,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
    /// starting rank of member k (first is mandatory).
    pub(crate) const MEMBER: Field = Field {
        record: "013",
        since: "TRF16",
        name: "member",
        from: 37,
        to: 40,
        stride: 5,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
}

/// Record `XXA`.
pub(crate) mod xxa {
    use super::*;
    /// player the acceleration applies to.
    pub(crate) const START_RANK: Field = Field {
        record: "XXA",
        since: "TRF(x)",
        name: "start_rank",
        from: 5,
        to: 8,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// fictitious points for round r.
    pub(crate) const POINTS: Field = Field {
        record: "XXA",
        since: "TRF(x)",
        name: "points",
        from: 10,
        to: 13,
        stride: 5,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
}

/// Record `NRS`.
pub(crate) mod nrs {
    use super::*;
    /// 3-letter federation of the national rating.
    pub(crate) const FEDERATION: Field = Field {
        record: "NRS",
        since: "TRF26",
        name: "federation",
        from: 1,
        to: 3,
        stride: 0,
        kind: FieldKind::Code,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// links to the 001 record.
    pub(crate) const START_RANK: Field = Field {
        record: "NRS",
        since: "TRF26",
        name: "start_rank",
        from: 5,
        to: 8,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// national sex (optional if same).
    pub(crate) const SEX: Field = Field {
        record: "NRS",
        since: "TRF26",
        name: "sex",
        from: 10,
        to: 10,
        stride: 0,
        kind: FieldKind::Sex,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// national classification.
    pub(crate) const CLASSIFICATION: Field = Field {
        record: "NRS",
        since: "TRF26",
        name: "classification",
        from: 11,
        to: 13,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// national name (optional if same).
    pub(crate) const NAME: Field = Field {
        record: "NRS",
        since: "TRF26",
        name: "name",
        from: 15,
        to: 47,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// national rating.
    pub(crate) const RATING: Field = Field {
        record: "NRS",
        since: "TRF26",
        name: "rating",
        from: 49,
        to: 52,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// national origin (state, region, club).
    pub(crate) const ORIGIN: Field = Field {
        record: "NRS",
        since: "TRF26",
        name: "origin",
        from: 54,
        to: 56,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// national ID.
    pub(crate) const NATIONAL_ID: Field = Field {
        record: "NRS",
        since: "TRF26",
        name: "national_id",
        from: 58,
        to: 68,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// birth date (optional if same).
    pub(crate) const BIRTH_DATE: Field = Field {
        record: "NRS",
        since: "TRF26",
        name: "birth_date",
        from: 70,
        to: 79,
        stride: 0,
        kind: FieldKind::Date,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
}

/// Record `162`.
pub(crate) mod p162 {
    use super::*;
    /// score class: W D L A P X.
    pub(crate) const SYMBOL: Field = Field {
        record: "162",
        since: "TRF26",
        name: "symbol",
        from: 6,
        to: 6,
        stride: 9,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// points for that class.
    pub(crate) const POINTS: Field = Field {
        record: "162",
        since: "TRF26",
        name: "points",
        from: 7,
        to: 10,
        stride: 9,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
}

/// Record `240`.
pub(crate) mod p240 {
    use super::*;
    /// F H or Z.
    pub(crate) const TYPE: Field = Field {
        record: "240",
        since: "TRF26",
        name: "type",
        from: 5,
        to: 5,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// round number.
    pub(crate) const ROUND: Field = Field {
        record: "240",
        since: "TRF26",
        name: "round",
        from: 7,
        to: 9,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// player or team ids.
    pub(crate) const ID: Field = Field {
        record: "240",
        since: "TRF26",
        name: "id",
        from: 11,
        to: 14,
        stride: 5,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
}

/// Record `250`.
pub(crate) mod p250 {
    use super::*;
    /// fictitious match points (teams).
    pub(crate) const MATCH_POINTS: Field = Field {
        record: "250",
        since: "TRF26",
        name: "match_points",
        from: 5,
        to: 8,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// fictitious game points.
    pub(crate) const GAME_POINTS: Field = Field {
        record: "250",
        since: "TRF26",
        name: "game_points",
        from: 10,
        to: 13,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// first accelerated round.
    pub(crate) const FIRST_ROUND: Field = Field {
        record: "250",
        since: "TRF26",
        name: "first_round",
        from: 15,
        to: 17,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// last accelerated round.
    pub(crate) const LAST_ROUND: Field = Field {
        record: "250",
        since: "TRF26",
        name: "last_round",
        from: 19,
        to: 21,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// first player/team id of the range.
    pub(crate) const FIRST_ID: Field = Field {
        record: "250",
        since: "TRF26",
        name: "first_id",
        from: 23,
        to: 26,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// last player/team id of the range.
    pub(crate) const LAST_ID: Field = Field {
        record: "250",
        since: "TRF26",
        name: "last_id",
        from: 28,
        to: 31,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
}

/// Record `260`.
pub(crate) mod p260 {
    use super::*;
    /// first round.
    pub(crate) const FIRST_ROUND: Field = Field {
        record: "260",
        since: "TRF26",
        name: "first_round",
        from: 5,
        to: 7,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// last round.
    pub(crate) const LAST_ROUND: Field = Field {
        record: "260",
        since: "TRF26",
        name: "last_round",
        from: 9,
        to: 11,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// players/teams that may not meet.
    pub(crate) const ID: Field = Field {
        record: "260",
        since: "TRF26",
        name: "id",
        from: 13,
        to: 16,
        stride: 5,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
}

/// Record `299`.
pub(crate) mod p299 {
    use super::*;
    /// W D L F H Z + - or blank.
    pub(crate) const TYPE: Field = Field {
        record: "299",
        since: "TRF26",
        name: "type",
        from: 5,
        to: 5,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Mandatory,
        pairing: Flag::Informative,
    };
    /// match points (teams), may be negative.
    pub(crate) const MATCH_POINTS: Field = Field {
        record: "299",
        since: "TRF26",
        name: "match_points",
        from: 8,
        to: 11,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// game points or points, may be negative.
    pub(crate) const GAME_POINTS: Field = Field {
        record: "299",
        since: "TRF26",
        name: "game_points",
        from: 14,
        to: 17,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// round; 000 or blank = all.
    pub(crate) const ROUND: Field = Field {
        record: "299",
        since: "TRF26",
        name: "round",
        from: 20,
        to: 22,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// team/player ids; blank = all.
    pub(crate) const ID: Field = Field {
        record: "299",
        since: "TRF26",
        name: "id",
        from: 24,
        to: 27,
        stride: 5,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
}

/// Record `300`.
pub(crate) mod p300 {
    use super::*;
    /// round.
    pub(crate) const ROUND: Field = Field {
        record: "300",
        since: "TRF26",
        name: "round",
        from: 5,
        to: 7,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// team playing out of order.
    pub(crate) const TEAM: Field = Field {
        record: "300",
        since: "TRF26",
        name: "team",
        from: 9,
        to: 11,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// scheduled opponent team.
    pub(crate) const OPPONENT: Field = Field {
        record: "300",
        since: "TRF26",
        name: "opponent",
        from: 13,
        to: 15,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// player on board k (0000 = empty).
    pub(crate) const BOARD: Field = Field {
        record: "300",
        since: "TRF26",
        name: "board",
        from: 17,
        to: 20,
        stride: 5,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
}

/// Record `310`.
pub(crate) mod p310 {
    use super::*;
    /// team pairing number.
    pub(crate) const TPN: Field = Field {
        record: "310",
        since: "TRF26",
        name: "tpn",
        from: 5,
        to: 7,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
    /// team name.
    pub(crate) const TEAM_NAME: Field = Field {
        record: "310",
        since: "TRF26",
        name: "team_name",
        from: 9,
        to: 40,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
    /// team nickname.
    pub(crate) const NICKNAME: Field = Field {
        record: "310",
        since: "TRF26",
        name: "nickname",
        from: 42,
        to: 46,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// strength factor.
    pub(crate) const STRENGTH: Field = Field {
        record: "310",
        since: "TRF26",
        name: "strength",
        from: 48,
        to: 53,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// match points.
    pub(crate) const MATCH_POINTS: Field = Field {
        record: "310",
        since: "TRF26",
        name: "match_points",
        from: 55,
        to: 60,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// game points.
    pub(crate) const GAME_POINTS: Field = Field {
        record: "310",
        since: "TRF26",
        name: "game_points",
        from: 62,
        to: 67,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Mandatory,
    };
    /// team rank.
    pub(crate) const RANK: Field = Field {
        record: "310",
        since: "TRF26",
        name: "rank",
        from: 69,
        to: 71,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
    /// starting rank of member k.
    pub(crate) const MEMBER: Field = Field {
        record: "310",
        since: "TRF26",
        name: "member",
        from: 74,
        to: 77,
        stride: 5,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Mandatory,
    };
}

/// Record `320`.
pub(crate) mod p320 {
    use super::*;
    /// PAB match points.
    pub(crate) const MATCH_POINTS: Field = Field {
        record: "320",
        since: "TRF26",
        name: "match_points",
        from: 5,
        to: 8,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// PAB game points.
    pub(crate) const GAME_POINTS: Field = Field {
        record: "320",
        since: "TRF26",
        name: "game_points",
        from: 10,
        to: 13,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// team receiving the PAB in round r.
    pub(crate) const TPN: Field = Field {
        record: "320",
        since: "TRF26",
        name: "tpn",
        from: 15,
        to: 17,
        stride: 4,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
}

/// Record `330`.
pub(crate) mod p330 {
    use super::*;
    /// +- -+ or --.
    pub(crate) const TYPE: Field = Field {
        record: "330",
        since: "TRF26",
        name: "type",
        from: 5,
        to: 6,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Mandatory,
        pairing: Flag::Informative,
    };
    /// round.
    pub(crate) const ROUND: Field = Field {
        record: "330",
        since: "TRF26",
        name: "round",
        from: 8,
        to: 10,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Informative,
    };
    /// white team.
    pub(crate) const WHITE: Field = Field {
        record: "330",
        since: "TRF26",
        name: "white",
        from: 12,
        to: 14,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Informative,
    };
    /// black team.
    pub(crate) const BLACK: Field = Field {
        record: "330",
        since: "TRF26",
        name: "black",
        from: 16,
        to: 18,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Mandatory,
        pairing: Flag::Informative,
    };
}

/// Record `362`.
pub(crate) mod p362 {
    use super::*;
    /// TW TD TL.
    pub(crate) const SYMBOL: Field = Field {
        record: "362",
        since: "TRF26",
        name: "symbol",
        from: 5,
        to: 6,
        stride: 9,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// team match points for that class.
    pub(crate) const POINTS: Field = Field {
        record: "362",
        since: "TRF26",
        name: "points",
        from: 7,
        to: 10,
        stride: 9,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
}

/// Record `802`.
pub(crate) mod p802 {
    use super::*;
    /// team pairing number.
    pub(crate) const TPN: Field = Field {
        record: "802",
        since: "TRF26",
        name: "tpn",
        from: 5,
        to: 7,
        stride: 0,
        kind: FieldKind::Integer,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// team nickname.
    pub(crate) const NICKNAME: Field = Field {
        record: "802",
        since: "TRF26",
        name: "nickname",
        from: 9,
        to: 13,
        stride: 0,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// total match points.
    pub(crate) const MATCH_POINTS: Field = Field {
        record: "802",
        since: "TRF26",
        name: "match_points",
        from: 15,
        to: 20,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// total game points.
    pub(crate) const GAME_POINTS: Field = Field {
        record: "802",
        since: "TRF26",
        name: "game_points",
        from: 22,
        to: 27,
        stride: 0,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// opponent TPN or PAB/FPB/HPB/ZPB.
    pub(crate) const ROUND_OPPONENT: Field = Field {
        record: "802",
        since: "TRF26",
        name: "round.opponent",
        from: 29,
        to: 31,
        stride: 13,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// w, b or blank.
    pub(crate) const ROUND_COLOUR: Field = Field {
        record: "802",
        since: "TRF26",
        name: "round.colour",
        from: 33,
        to: 33,
        stride: 13,
        kind: FieldKind::Colour,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// game points of the round.
    pub(crate) const ROUND_GAME_POINTS: Field = Field {
        record: "802",
        since: "TRF26",
        name: "round.game_points",
        from: 35,
        to: 38,
        stride: 13,
        kind: FieldKind::Points,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
    /// f, F or blank.
    pub(crate) const ROUND_FORFEIT: Field = Field {
        record: "802",
        since: "TRF26",
        name: "round.forfeit",
        from: 39,
        to: 39,
        stride: 13,
        kind: FieldKind::Text,
        rating: Flag::Informative,
        pairing: Flag::Informative,
    };
}

/// Every field, in the order of `grammar/columns.tsv`.
pub(crate) const ALL: &[Field] = &[
    p001::CODE,
    p001::START_RANK,
    p001::SEX,
    p001::TITLE,
    p001::NAME,
    p001::RATING,
    p001::FEDERATION,
    p001::FIDE_ID,
    p001::BIRTH_DATE,
    p001::POINTS,
    p001::RANK,
    p001::ROUND_OPPONENT,
    p001::ROUND_COLOUR,
    p001::ROUND_RESULT,
    p132::ROUND_DATE,
    p013::TEAM_NAME,
    p013::MEMBER,
    xxa::START_RANK,
    xxa::POINTS,
    nrs::FEDERATION,
    nrs::START_RANK,
    nrs::SEX,
    nrs::CLASSIFICATION,
    nrs::NAME,
    nrs::RATING,
    nrs::ORIGIN,
    nrs::NATIONAL_ID,
    nrs::BIRTH_DATE,
    p162::SYMBOL,
    p162::POINTS,
    p240::TYPE,
    p240::ROUND,
    p240::ID,
    p250::MATCH_POINTS,
    p250::GAME_POINTS,
    p250::FIRST_ROUND,
    p250::LAST_ROUND,
    p250::FIRST_ID,
    p250::LAST_ID,
    p260::FIRST_ROUND,
    p260::LAST_ROUND,
    p260::ID,
    p299::TYPE,
    p299::MATCH_POINTS,
    p299::GAME_POINTS,
    p299::ROUND,
    p299::ID,
    p300::ROUND,
    p300::TEAM,
    p300::OPPONENT,
    p300::BOARD,
    p310::TPN,
    p310::TEAM_NAME,
    p310::NICKNAME,
    p310::STRENGTH,
    p310::MATCH_POINTS,
    p310::GAME_POINTS,
    p310::RANK,
    p310::MEMBER,
    p320::MATCH_POINTS,
    p320::GAME_POINTS,
    p320::TPN,
    p330::TYPE,
    p330::ROUND,
    p330::WHITE,
    p330::BLACK,
    p362::SYMBOL,
    p362::POINTS,
    p802::TPN,
    p802::NICKNAME,
    p802::MATCH_POINTS,
    p802::GAME_POINTS,
    p802::ROUND_OPPONENT,
    p802::ROUND_COLOUR,
    p802::ROUND_GAME_POINTS,
    p802::ROUND_FORFEIT,
];
