#!/usr/bin/env bash
# Compares two builds of `trf` on the commands that read many reports at
# once (issue 40: the month streamed must leave every output byte-identical):
# standard output, standard error and exit status of `check` (human, JSON,
# SARIF, GitHub; --summary human, JSON, CSV; a small --max-per-rule) and of
# `period` (human, JSON, CSV; with and without --period; with --list-type),
# each over every folder given, with and without the rating list given.
#
#   benches/same_many.sh BASE_TRF NEW_TRF LIST DIR...
#
# Prints each differing case and ends with "N runs, M differences"; exits 1
# when M > 0.
set -u
base=$1; new=$2; list=$3; shift 3
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
n=0; bad=0
same() {
  n=$((n + 1))
  "$base" "$@" >"$d/a.out" 2>"$d/a.err"; local ea=$?
  "$new" "$@" >"$d/b.out" 2>"$d/b.err"; local eb=$?
  if ! cmp -s "$d/a.out" "$d/b.out" || ! cmp -s "$d/a.err" "$d/b.err" || [ "$ea" != "$eb" ]; then
    bad=$((bad + 1)); echo "DIFF: $* (exit $ea vs $eb)"
  fi
}
for dir in "$@"; do
  for l in "" "--rating-list=$list"; do
    same check --no-progress $l "$dir"
    same check --no-progress --format json $l "$dir"
    same check --no-progress --format sarif $l "$dir"
    same check --no-progress --format github $l "$dir"
    same check --no-progress --format json --max-per-rule 2 $l "$dir"
    same check --no-progress --summary $l "$dir"
    same check --no-progress --summary --format json --max-per-rule 1 $l "$dir"
    same check --no-progress --summary --format csv $l "$dir"
    same period $l "$dir"
    same period --format json $l "$dir"
    same period --period 2026-04 --format csv $l "$dir"
    same period --period 2024-05 --format json --list-type standard $l "$dir"
  done
done
echo "$n runs, $bad differences"
[ "$bad" = 0 ]
