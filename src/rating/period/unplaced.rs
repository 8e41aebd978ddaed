//! Reports a period cannot place: no date tells the list they go to, or
//! their rate of play tells no list. Such a report is in no period and
//! none of its games reach a player's figures: FIDE rates an event on the
//! list its end date and its rate of play decide (FIDE Handbook B.02 2024
//! art. 7.1.3 and 9.1; art. 1.1 and the Rapid and Blitz Rating Regulations
//! for the list), and trfkit does not guess either.

use super::lists;
use crate::rating::RatingSummary;
use crate::ratinglist::ListPeriod;
use crate::regulations::{Regulations, Topic};

/// Why the report of `s`, expected on `expected`, is in no period; `None`
/// when a period can place it.
pub(super) fn why(expected: Option<ListPeriod>, s: &RatingSummary) -> Option<String> {
    if expected.is_none() {
        // No end date, no round date and no start date: nothing dates it.
        return Some("no start or end date: the list it is rated on cannot be told (an event goes to a list by the day it ended: FIDE Rating Regulations art. 7.1.3 and 9.1), so it is in no period and none of its games are rated; write its dates (042, 052) and give it again".to_owned());
    }
    if s.rating_type.is_none() {
        let regs = Regulations::of(s.regulations);
        let reason = s.rating_type_reason.trim();
        return Some(format!(
            "its rate of play tells no list{}: it is in no period and none of its games are rated, never standard by default ({}); write the time control (122) or give its rating type (--rating-type, or the registrations file's rating_type column)",
            if reason.is_empty() {
                String::new()
            } else {
                format!(" ({reason})")
            },
            regs.reference(Topic::RateOfPlay)
        ));
    }
    None
}

/// How many lists after `expected` the list `period` is (0 when it is the
/// same or an earlier one); lists FIDE did not publish in a month (the
/// quarterly and bi-monthly eras) are not counted.
pub(super) fn lists_late(expected: ListPeriod, period: ListPeriod) -> u32 {
    let mut n = 0;
    let mut p = expected;
    // Bounded: twenty years of months at most.
    for _ in 0..240 {
        if p >= period {
            break;
        }
        p = lists::shift(p, 1);
        let is_list = lists::list_date(p)
            .is_some_and(|d| crate::ratinglist::list_in_force(lists::edition_of(p), d) == p);
        n += u32::from(is_list);
    }
    n
}
