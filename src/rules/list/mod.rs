//! Rating-list rules: the report's players against FIDE's official rating
//! list (`trf check --rating-list FILE`).
//!
//! The list is read once per run, not once per rule or per report:
//! [`ListLookup::read`](crate::ratinglist::ListLookup::read) makes one pass over the list (or reads the on-disk
//! index when one sits beside it) keeping only the FIDE IDs the reports
//! carry, and [`CheckOptions::rating_list`](crate::rules::CheckOptions)
//! shares the result between every report and rule. Every rule here
//! applies only when a list was given ([`has_list`]).

pub(crate) mod birth_year_mismatch;
pub(crate) mod federation_mismatch;
pub(crate) mod fide_id_not_in_list;
pub(crate) mod inactive_player;
mod listed;
pub(crate) mod name_mismatch;
pub(crate) mod new_player_missing_data;
pub(crate) mod rating_mismatch;
pub(crate) mod sex_mismatch;
pub(crate) mod title_mismatch;

pub(crate) use crate::ratinglist::{list_in_force, ListLookup, Status};

use crate::rules::Ctx;

/// Whether a rating list was given: every rule of this category applies
/// only then.
pub(crate) fn has_list(ctx: &Ctx<'_>) -> bool {
    ctx.opts.rating_list.is_some()
}

#[cfg(test)]
mod tests {
    use crate::rules::{registry::RULES, CheckOptions, Ctx};

    #[test]
    fn without_a_list_the_rating_list_rules_do_not_apply() {
        let path = crate::test_paths::root().join("samples/hand/list-crosscheck.trf");
        let parsed = crate::read_path(&path, &crate::ReadOptions::default()).expect("sample reads");
        let none = CheckOptions::default();
        let ctx = Ctx::new(&parsed.tournament, &parsed.text, &none);
        let mut count = 0;
        for rule in RULES {
            if rule.meta.category == crate::Category::RatingList {
                count += 1;
                assert!(rule.meta.code.starts_with("TRF-L"), "{}", rule.meta.code);
                assert!(
                    !(rule.applies)(&ctx),
                    "{} applies without a list",
                    rule.meta.name
                );
            }
        }
        assert_eq!(count, 9);
    }
}
