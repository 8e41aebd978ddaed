//! Rule `missing-record`.

use crate::diag::Diagnostic;
use crate::model::Dialect;
use crate::rules::spans::{file_anchor, record_code};
use crate::rules::{always, Ctx};

crate::declare_rule! {
    /// ## What it checks
    /// That the records FIDE needs to rate the report are there and not
    /// empty: `012` (tournament name), `022` (city), `032` (federation),
    /// `102` (chief arbiter) and at least one `001` player record; in a
    /// TRF26 file also `042` (start date), `052` (end date) and `132`
    /// (round dates), which TRF26 marks mandatory for rating. One finding
    /// per missing record.
    ///
    /// Players without a FIDE ID are `missing-fide-id`'s business.
    ///
    /// ## Why it matters
    /// FIDE's rating server rejects a report without these records, and
    /// the rating officer has to find the data elsewhere.
    ///
    /// ## Example
    /// ```text
    /// 012 Club Championship
    /// 032 ENG
    /// 001    1 m    Doe, John                         1850 ENG             1990/01/01  1.0    1
    /// ```
    /// Use instead: add `022 London` and `102 Smith, Jane` lines.
    ///
    /// ## Reference
    /// TRF16 (FIDE Handbook C.04 Annex 2), tournament section: 012, 022,
    /// 032, 102 marked ■ for rating.
    /// TRF26 (approved 12 May 2025), records 042, 052, 132: R■.
    pub(crate) static MISSING_RECORD = {
        code: "TRF-T001", name: "missing-record",
        severity: Error, summary: "a record mandatory for rating is missing or empty",
        consequence: FixBeforeUpload,
        source: "TRF16 tournament section: 012, 022, 032, 102 marked mandatory for rating (■); the rating officer must complete them before upload",
        applies: always, check: check,
    };
}

/// A header record FIDE needs: its code, what it holds, and an example line.
struct Required {
    code: &'static [u8; 3],
    what: &'static str,
    example: &'static str,
    trf26_only: bool,
}

const REQUIRED: &[Required] = &[
    Required {
        code: b"012",
        what: "tournament name",
        example: "012 Club Championship 2025",
        trf26_only: false,
    },
    Required {
        code: b"022",
        what: "city",
        example: "022 London",
        trf26_only: false,
    },
    Required {
        code: b"032",
        what: "federation",
        example: "032 ENG",
        trf26_only: false,
    },
    Required {
        code: b"042",
        what: "start date",
        example: "042 2025/03/14",
        trf26_only: true,
    },
    Required {
        code: b"052",
        what: "end date",
        example: "052 2025/03/16",
        trf26_only: true,
    },
    Required {
        code: b"102",
        what: "chief arbiter",
        example: "102 Smith, Jane",
        trf26_only: false,
    },
    Required {
        code: b"132",
        what: "round dates",
        example: "",
        trf26_only: true,
    },
];

fn check(ctx: &Ctx<'_>, out: &mut Vec<Diagnostic>) {
    let t = ctx.tournament;
    let h = &t.header;
    let trf26 = t.dialect.dialect == Dialect::Trf26;
    for req in REQUIRED {
        if req.trf26_only && !trf26 {
            continue;
        }
        let present = match req.code {
            b"012" => h.name.is_some(),
            b"022" => h.city.is_some(),
            b"032" => h.federation.is_some(),
            b"042" => h.start_date.is_some(),
            b"052" => h.end_date.is_some(),
            b"102" => h.chief_arbiter.is_some(),
            _ => h.round_dates.iter().any(|d| d.value.is_some()),
        };
        if present {
            continue;
        }
        let code = std::str::from_utf8(req.code).unwrap_or("???");
        let reference = if req.trf26_only {
            format!("TRF26, record {code} (mandatory for rating)")
        } else {
            format!("TRF16 tournament section, record {code} (mandatory for rating)")
        };
        // Round dates sit on the round columns, not from column 5.
        let how = if req.example.is_empty() {
            "each round's date as YY/MM/DD above the round's block (columns 92-99, 102-109, …)"
                .to_string()
        } else {
            format!("the {} from column 5, e.g. `{}`", req.what, req.example)
        };
        let d = match record_code(ctx, req.code) {
            Some(span) => MISSING_RECORD
                .diag(format!("record `{code}` ({}) is empty", req.what))
                .primary(span, "nothing after the code")
                .help(format!("write {how}")),
            None => {
                let d = MISSING_RECORD
                    .diag(format!("record `{code}` ({}) is missing", req.what))
                    .help(format!("add a `{code}` line with {how}"));
                match file_anchor(ctx) {
                    Some(span) => d.primary(span, format!("no `{code}` in this file")),
                    None => d,
                }
            }
        };
        out.push(d.reference(reference));
    }

    if t.players.is_empty() {
        let d = MISSING_RECORD
            .diag("the file has no player record `001`")
            .help("a report lists every player on a `001` line with their round results")
            .reference("TRF16 record 001 (mandatory for rating)");
        out.push(match file_anchor(ctx) {
            Some(span) => d.primary(span, "no `001` in this file"),
            None => d,
        });
    }
}
