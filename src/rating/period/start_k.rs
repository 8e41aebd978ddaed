//! K at an event's start against the K of the list before the period.
//!
//! FIDE applies one K to every event of a period: the K each list publishes
//! as "the current value of K" (FIDE Rating Regulations 2024 art. 7.1.2),
//! that of the list before the period, also to an event that started under
//! an earlier list. The 2009 amendments took K "based on the rating at the
//! beginning of the tournament". The two agree unless the player's K changed
//! between the event's start list and the list before the period, and FIDE
//! has not published such a case. So the period keeps K of list t − 1 and
//! says, per player, whether the K at each early event's start could be
//! compared, and warns when it differs.

use super::figures::Row;
use super::{PeriodBasis, RatedReport};
use crate::rating::KSource;
use crate::ratinglist::list_in_force;
use crate::ratinglist::period::month_name;
use crate::ratinglist::ListPeriod;

/// Where FIDE says which K a list's period uses.
const CURRENT_K: &str =
    "FIDE Rating Regulations 2024 art. 7.1.2: each list gives \"the current value of K\"";

impl PeriodBasis<'_> {
    /// The notes on K at the start of the player's events that started
    /// under a list before t − 1: a warning where the list given is that
    /// start list and its K is not `k`; otherwise what cannot be compared.
    pub(super) fn start_k_notes(
        &self,
        rows: &[&(&RatedReport<'_>, &Row)],
        fide_id: Option<u64>,
        k: u8,
        source: KSource,
        notes: &mut Vec<String>,
    ) {
        let applied = match source {
            KSource::List => format!("published on the {} list (t − 1)", month_name(self.prev)),
            KSource::Override => "given with --k".to_owned(),
            KSource::Derived => format!(
                "worked out by trfkit, the {} list (t − 1) not being given",
                month_name(self.prev)
            ),
        };
        let mut unknown: Vec<(String, ListPeriod)> = Vec::new();
        for (r, _) in rows {
            let s = &r.rating.summary;
            let Some(start) = s.tournament.start else {
                continue;
            };
            let start_list = list_in_force(s.regulations.regulations(), start);
            if start_list >= self.prev {
                continue;
            }
            // The list given is this event's start list: its K is known.
            let at_start = (r.list_used && self.list_month == Some(start_list))
                .then(|| {
                    let id = fide_id?;
                    self.list?.get(id)?.entry(r.kind)?.k
                })
                .flatten();
            match at_start {
                Some(ks) if ks != k => notes.push(format!(
                    "K at the start differs: {} started under the {} list, which gives K {ks}; the period applies K {k} ({applied}) to every event, as FIDE does ({CURRENT_K}); the 2009 rule took K from the rating at the start of the tournament, and FIDE has not published a case where the two differ: check this player's K",
                    r.file,
                    month_name(start_list)
                )),
                Some(_) => {}
                None => unknown.push((r.file.to_owned(), start_list)),
            }
        }
        if unknown.is_empty() {
            return;
        }
        let events = unknown
            .iter()
            .map(|(f, l)| format!("{f} (the {} list)", month_name(*l)))
            .collect::<Vec<_>>()
            .join(", ");
        let given = match self.list_month {
            Some(m) => format!("only the {} list was given", month_name(m)),
            None => "no rating list was given".to_owned(),
        };
        notes.push(format!(
            "K at the start not compared: started under a list before the {} list (t − 1): {events}; {given}, so the K at that start cannot be compared with K {k} ({applied}), which the period applies to every event, as FIDE does ({CURRENT_K}); give the start list to compare",
            month_name(self.prev)
        ));
    }
}
