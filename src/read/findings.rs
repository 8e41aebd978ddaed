//! The parser's own findings (syntax codes `TRF-S…`).

use crate::diag::{Consequence, RuleMeta, Severity};

macro_rules! syntax_rule {
    ($(#[doc = $doc:literal])* $id:ident = $code:literal, $name:literal, $sev:ident, $summary:literal,
     $cons:ident, $src:literal $(, unconfirmed: $unc:literal)? $(, reading: $reading:literal)?;) => {
        $(#[doc = $doc])*
        pub(crate) static $id: RuleMeta = RuleMeta {
            code: $code,
            name: $name,
            category: $crate::diag::Category::of_code($code),
            severity: Severity::$sev,
            consequence: Consequence::$cons,
            consequence_source: $src,
            unconfirmed: false $(|| $unc)?,
            reading: $crate::declare_rule!(@reading $($reading)?),
            summary: $summary,
            explanation: concat!($($doc, "\n",)*),
            location: concat!(file!(), ":", line!()),
        };
    };
}

syntax_rule! {
    /// ## What it checks
    /// Lines whose first three characters are no TRF16/TRF26 record code, no
    /// known extension (`XX?`, `BB?`, `DAT`), no `###` comment, no
    /// national-rating record and no column ruler.
    ///
    /// ## Why it matters
    /// FIDE's server ignores or rejects such lines; a mistyped code (`101`
    /// for `001`) silently drops a player.
    ///
    /// ## Example
    /// ```text
    /// 101    7 m    Doe, John    1800 ...
    /// ```
    /// Use instead: `001` at columns 1-3, or `###` for a comment (TRF26).
    ///
    /// ## Reference
    /// TRF16 (FIDE Handbook C.04 Annex 2), general remarks; TRF26 `###` comments.
    UNKNOWN_LINE = "TRF-S001", "unknown-line", Warning, "a line that is no TRF record",
    Cosmetic, "FIDE has not published what its rating server does with lines it does not know (silent); the line is not read by trfkit either", unconfirmed: true,
    reading: "FIDE has not published what its rating server does with lines it does not know; trfkit reads past them, as if they were not there";
}

syntax_rule! {
    /// ## What it checks
    /// Fixed-column fields that must hold a number or a code: starting rank,
    /// rating, FIDE ID, points, rank, `062`/`072`/`082`/`142` counts, TRF26
    /// record fields.
    ///
    /// ## Why it matters
    /// A value in the wrong columns or with stray characters is read as
    /// something else, or as nothing, by every program after yours.
    ///
    /// ## Example
    /// ```text
    /// 001   1A m    Doe, John                          18OO
    /// ```
    /// Use instead: digits only, right-aligned in the field's columns.
    ///
    /// ## Reference
    /// TRF16 record 001 (columns 5-89); TRF26 record tables.
    INVALID_FIELD = "TRF-S002", "invalid-field", Error, "a fixed-column field that cannot be read",
    FixBeforeUpload, "TRF16 (FIDE Handbook C.04 Annex 2): start rank, rating, FIDE ID, points and rank are read by column; an unreadable value is data the rating officer must have corrected";
}

syntax_rule! {
    /// ## What it checks
    /// Dates that cannot be read in any known layout: `042`, `052`, `132`
    /// and birth dates.
    ///
    /// ## Why it matters
    /// The regulations in force, the rating list and K factors all depend on
    /// dates.
    ///
    /// ## Example
    /// ```text
    /// 042 the weekend
    /// ```
    /// Use instead: `042 2025/03/14` (TRF26 prescribes `YYYY/MM/DD`).
    ///
    /// ## Reference
    /// TRF16 records 042, 052, 132 and 001 columns 70-79; TRF26 042/052.
    INVALID_DATE = "TRF-S003", "invalid-date", Warning, "a date that cannot be read",
    Cosmetic, "a birth date or round date that cannot be read does not change the rating by itself; the rules that need the date (start-date-unknown, new-player-missing-data) report their own consequence";
}

syntax_rule! {
    /// ## What it checks
    /// Round blocks (columns 92-99 for round 1, then every 10 columns) whose
    /// opponent is not a number, whose colour is not `w`, `b`, `-` or blank,
    /// or whose result code is not one of `+ - W D L 1 = 0 H F U Z`, TRF26's
    /// `?` (adjourned or postponed game) or blank.
    ///
    /// ## Why it matters
    /// The block is a game or a bye; anything else cannot be scored or rated.
    ///
    /// ## Example
    /// ```text
    ///   12 N 1
    /// ```
    /// Use instead: `  12 b 1` (`N`/`B` are French letters for black/white).
    ///
    /// ## Reference
    /// TRF16 record 001, round blocks.
    INVALID_ROUND_BLOCK = "TRF-S004", "invalid-round-block", Error, "a round block that cannot be read",
    FixBeforeUpload, "TRF16 record 001, round blocks (columns 92 on): the games of an unreadable block cannot be rated until it is corrected";
}

syntax_rule! {
    /// ## What it checks
    /// Characters where the format wants a blank: the separators between the
    /// fields of a round block (columns 96 and 98 of round 1), and data past
    /// the last complete block.
    ///
    /// ## Why it matters
    /// Misalignment usually means a name or value overflowed its columns, or a
    /// program padded UTF-8 text by bytes instead of characters; every field
    /// after it is then read from the wrong place.
    ///
    /// ## Example
    /// ```text
    ///   12 w1  1
    /// ```
    /// Use instead: `  12 w 1`.
    ///
    /// ## Reference
    /// TRF16 record 001, round blocks; trf-format §4.2 on byte-padded UTF-8.
    MISALIGNED_COLUMNS = "TRF-S005", "misaligned-columns", Warning, "data outside its columns",
    Cosmetic, "trfkit recovered the value; whether FIDE's server, which reads fixed columns, does the same is not published (silent): realign before upload", unconfirmed: true,
    reading: "FIDE has not published whether its rating server, which reads fixed columns, recovers a value outside them; trfkit reads the value where it is, and asks for a clean export";
}

syntax_rule! {
    /// ## What it checks
    /// Tournament records that may appear once (`012`, `022`, `032`, `042`,
    /// `052`, `062`, `072`, `082`, `092`, `102`, `122`, `132`, `142`, …)
    /// appearing more than once. The first one is used.
    ///
    /// ## Why it matters
    /// Programs disagree on whether the first or the last wins.
    ///
    /// ## Example
    /// ```text
    /// 042 2025/03/01
    /// 042 2025/03/08
    /// ```
    /// Use instead: one `042` line.
    ///
    /// ## Reference
    /// TRF16 tournament section.
    DUPLICATE_RECORD = "TRF-S006", "duplicate-record", Warning, "a single-valued record repeated",
    Cosmetic, "the first value is used; no rating effect";
}

syntax_rule! {
    /// ## What it checks
    /// Extension lines (`XXR`, `XXC`, `XXS`, `XXA`, `XXP`, `XXZ`, `BB?`,
    /// `DAT`) and positional TRF26 records (`162`, `362`, `152`) whose content
    /// cannot be read.
    ///
    /// ## Why it matters
    /// Pairing programs act on these lines: a scoring system or a number of
    /// rounds they misread changes pairings and totals.
    ///
    /// ## Example
    /// ```text
    /// XXR nine
    /// ```
    /// Use instead: `XXR 9`.
    ///
    /// ## Reference
    /// JaVaFo Advanced User Manual (TRF(x)); bbpPairings README (TRF(bx)); TRF26 162/362.
    MALFORMED_EXTENSION = "TRF-S007", "malformed-extension", Warning, "an extension or coded record that cannot be read",
    Cosmetic, "pairing-program extensions (XX?, BB?) and TRF26 coded records are not used by FIDE's rating calculation";
}

syntax_rule! {
    /// ## What it checks
    /// Records of the September-2024 TRF draft ("TRF-24"/"TRF25"): `340`
    /// forfeited matches, and `330` used for byes (type `F`, `H` or `Z`).
    ///
    /// ## Why it matters
    /// TRF-2026 renumbered them (`240` byes, `330` forfeits). Programs that
    /// read TRF26 will misread a draft file.
    ///
    /// ## Example
    /// ```text
    /// 330 H 003 026 047
    /// ```
    /// Use instead: `240 H 003  026  047`.
    ///
    /// ## Reference
    /// TEC "Draft TRF 2025" (4 Sep 2024); TRF-2026 records 240 and 330.
    DRAFT_RECORD = "TRF-S008", "draft-record", Advice, "a record of the Sept-2024 draft numbering",
    Info, "the Sept-2024 draft numbering is read as TRF26; FIDE's handling of draft records is not published";
}

syntax_rule! {
    /// ## What it checks
    /// Dates whose day and month could be read either way (`03/04/2024`).
    /// A start or end date (`042`/`052`) that the other of them or the
    /// round dates settle is read that way, and said once (information).
    /// One that nothing settles, or whose readings both disagree with the
    /// round dates, must be corrected before upload: the dates choose the
    /// edition of the regulations, K and the deadlines. A round date is
    /// read in the order its record prescribes, and said.
    ///
    /// ## Why it matters
    /// A swapped date moves the tournament to another month, and possibly
    /// under other regulations or another rating list.
    ///
    /// ## Example
    /// ```text
    /// 042 03/04/2024
    /// ```
    /// Use instead: `042 2024/04/03`.
    ///
    /// ## Reference
    /// TRF26 042/052 (`YYYY/MM/DD`); TRF16 132 (`YY/MM/DD`).
    AMBIGUOUS_DATE = "TRF-S009", "ambiguous-date", Error, "a date whose day and month order nothing settles",
    FixBeforeUpload, "TRF16 042/052: the dates choose the edition of the regulations, K and the deadlines; a start or end date that can be read two ways, and that nothing in the report settles, must be corrected (a settled one, or a round date, is information)";
}

syntax_rule! {
    /// ## What it checks
    /// Bytes that could not be decoded in the encoding used and were replaced
    /// by U+FFFD.
    ///
    /// ## Why it matters
    /// Names with lost letters no longer match FIDE's records.
    ///
    /// ## Example
    /// A Latin-1 file read with `--encoding utf-8`.
    /// Use instead: let trfkit detect the encoding, or give the right one.
    ///
    /// ## Reference
    /// trf-format §4 (encodings).
    LOSSY_DECODING = "TRF-S010", "lossy-decoding", Warning, "bytes that could not be decoded",
    Cosmetic, "names and text with undecodable bytes; FIDE identifies players by FIDE ID, so no rating effect (TRF16: name is \"warning if wrong\")";
}

syntax_rule! {
    /// ## What it checks
    /// Lines longer than the configured limit (`--max-line`, default 100,000
    /// characters). The longest legal line, a `001` record with 999 rounds,
    /// has under 10,000.
    ///
    /// ## Why it matters
    /// Such a line is not a TRF record; reading it would only waste time.
    ///
    /// ## Example
    /// A `132` line of one megabyte.
    /// Use instead: one date per round, 10 columns apart.
    ///
    /// ## Reference
    /// TRF16 record layouts.
    LINE_TOO_LONG = "TRF-S011", "line-too-long", Error, "a line over the length limit",
    FixBeforeUpload, "the line was not read, so its data is missing from the report as trfkit reads it";
}

syntax_rule! {
    /// ## What it checks
    /// A file that is not valid UTF-8 as a whole but has valid UTF-8 lines:
    /// those are read as UTF-8 and only the others as Windows-1252. The
    /// finding names the lines read as Windows-1252.
    ///
    /// ## Why it matters
    /// A program that reads the file one way garbles the other lines' names
    /// and shifts their columns.
    ///
    /// ## Example
    /// A UTF-8 report in which one name was pasted from a Windows program.
    /// Use instead: save the whole file in one encoding.
    ///
    /// ## Reference
    /// trf-format §4 (encodings).
    MIXED_ENCODING = "TRF-S012", "mixed-encoding", Warning, "lines in two encodings",
    Cosmetic, "each line was decoded in its own encoding, so names and columns read right; the encoding does not enter the rating calculation";
}

syntax_rule! {
    /// ## What it checks
    /// A report in UTF-16 (little- or big-endian, with its byte-order mark).
    /// It is decoded and checked like any other.
    ///
    /// ## Why it matters
    /// FIDE's server and most pairing programs read one byte per character:
    /// to them a UTF-16 file is unreadable.
    ///
    /// ## Example
    /// A report saved as "Unicode" by a Windows editor.
    /// Use instead: save it as UTF-8.
    ///
    /// ## Reference
    /// trf-format §4 (encodings).
    UTF16_ENCODING = "TRF-S013", "utf16-encoding", Warning, "a report in UTF-16",
    Cosmetic, "trfkit decoded it; whether FIDE's rating server reads UTF-16 is not published (silent; the TEC checklist recommends UTF-8): save it as UTF-8 before upload", unconfirmed: true,
    reading: "FIDE has not published whether its rating server reads UTF-16; trfkit reads the report decoded, and asks for it saved as UTF-8";
}

syntax_rule! {
    /// ## What it checks
    /// A NUL byte (code 0) in a line. A file with a few is read as text,
    /// each NUL a finding on its line; a file with many is binary and is not
    /// read at all.
    ///
    /// ## Why it matters
    /// A NUL byte is invisible in most editors and ends the text early in
    /// many programs: a name or a field after it may be cut or lost there.
    ///
    /// ## Example
    /// A byte lost when the file was copied from a memory stick.
    /// Use instead: remove the byte (retype the field around it).
    ///
    /// ## Reference
    /// TRF16 (FIDE Handbook C.04 Annex 2): records are lines of text.
    NUL_BYTE = "TRF-S014", "nul-byte", Warning, "a NUL byte in a line",
    Cosmetic, "FIDE has not published what its rating server does with a NUL byte (silent); trfkit reads the line around it", unconfirmed: true;
}

syntax_rule! {
    /// ## What it checks
    /// `001` lines whose round blocks all sit the same number of columns
    /// (one to three) left or right of TRF's columns, while the fields before
    /// them are in place: a pairing program or an editor shifted the whole
    /// run of blocks. trfkit reads each such line at its shifted columns
    /// (only when every block then reads cleanly) and says so once for the
    /// report, with the lines and the shift.
    ///
    /// ## Why it matters
    /// A program that reads fixed columns reads every round of those lines
    /// from the wrong place: opponents, colours and results become other
    /// games or none. An export from the pairing program that wrote the
    /// tournament puts them back.
    ///
    /// ## Example
    /// ```text
    /// 001    1 m    Doe, John   ...  1.0    1       2 w 1
    /// ```
    /// (the block starts at column 93, not 92). Use instead: the report
    /// exported again by the pairing program, each round in its 10 columns
    /// from column 92.
    ///
    /// ## Reference
    /// TRF16 (FIDE Handbook C.04 Annex 2) record 001, round blocks (columns
    /// 92-101 for round 1, then every 10 columns).
    SHIFTED_ROUND_COLUMNS = "TRF-S015", "shifted-round-columns", Error, "round blocks shifted off their columns as a whole",
    FixBeforeUpload, "TRF16 (FIDE Handbook C.04 Annex 2) record 001: each round's block at fixed columns (92-101 for round 1, then every 10); blocks off them do not follow FIDE's format, and the report is to be exported again";
}

/// Every syntax rule, by code.
pub(crate) static ALL: &[&RuleMeta] = &[
    &UNKNOWN_LINE,
    &INVALID_FIELD,
    &INVALID_DATE,
    &INVALID_ROUND_BLOCK,
    &MISALIGNED_COLUMNS,
    &DUPLICATE_RECORD,
    &MALFORMED_EXTENSION,
    &DRAFT_RECORD,
    &AMBIGUOUS_DATE,
    &LOSSY_DECODING,
    &LINE_TOO_LONG,
    &MIXED_ENCODING,
    &UTF16_ENCODING,
    &NUL_BYTE,
    &SHIFTED_ROUND_COLUMNS,
];

/// Finds a syntax code's declaration by its code (`TRF-S005`).
pub(crate) fn find(code: &str) -> Option<&'static RuleMeta> {
    ALL.iter().copied().find(|m| m.code == code)
}
