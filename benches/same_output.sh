#!/usr/bin/env bash
# Compares two builds of `trf` on every report: standard output, standard
# error and exit status of check (human, JSON, SARIF), rate (human, JSON,
# CSV), parse and fmt for each file, and period (JSON, with and without
# --period) over all of them. A speed change must leave every output
# byte-identical (issue 20); this is how benches/instructions.md checks it.
#
#   benches/same_output.sh BASE_TRF NEW_TRF [MODE ...]
#
# Run from the repository root. The files: samples/, the directory in
# $TRF_CORPUS when set (the shared corpus of real reports), and the
# generated reports in $TRF_GENERATED (default /tmp/300x9.trf and
# /tmp/9999x15.trf, made by `trf generate --seed 1`), when they exist.
# MODE: check checkjson rate ratejson ratecsv sarif parse fmt (default all).
# Prints each differing case and ends with "N runs, M differences"; exits 1
# when M > 0. TRF_RETRY=1 runs NEW once more on a differing case before it
# counts (for a build run under an emulator with rare transient failures,
# .ci/windows.sh); each rerun is said.
set -u
base=$1; new=$2; shift 2
modes=${*:-check checkjson rate ratejson ratecsv sarif parse fmt}
dirs=(samples)
[ -n "${TRF_CORPUS:-}" ] && dirs+=("$TRF_CORPUS")
generated=${TRF_GENERATED:-/tmp/300x9.trf /tmp/9999x15.trf}
mapfile -t files < <( (find "${dirs[@]}" -type f ! -name '*.md' ! -name '*.tsv' ! -name '*.xml' \
  ! -name '*.tab' ! -name '*.options'; for g in $generated; do [ -f "$g" ] && echo "$g"; done) | sort)
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
n=0; bad=0
# The last two runs differ (exit statuses $ea and $eb, of the caller).
differs() { ! cmp -s "$d/a.out" "$d/b.out" || ! cmp -s "$d/a.err" "$d/b.err" || [ "$ea" != "$eb" ]; }
same() {
  n=$((n + 1))
  "$base" "$@" >"$d/a.out" 2>"$d/a.err"; local ea=$?
  "$new" "$@" >"$d/b.out" 2>"$d/b.err"; local eb=$?
  if differs && [ -n "${TRF_RETRY:-}" ]; then
    echo "RERUN: $* (exit $ea vs $eb)"
    "$new" "$@" >"$d/b.out" 2>"$d/b.err"; eb=$?
  fi
  if differs; then
    bad=$((bad + 1)); echo "DIFF: $* (exit $ea vs $eb)"
  fi
}
for f in "${files[@]}"; do
  for m in $modes; do
    case $m in
      check) same check "$f";; checkjson) same check --format json "$f";;
      rate) same rate "$f";; ratejson) same rate --format json "$f";;
      ratecsv) same rate --format csv "$f";; sarif) same check --format sarif "$f";;
      parse) same parse "$f";; fmt) same fmt "$f";;
      *) echo "unknown mode $m" >&2; exit 2;;
    esac
  done
done
same period --format json "${dirs[@]}"
same period --period 2024-05 --format json "${dirs[@]}"
echo "$n runs, $bad differences"
[ "$bad" = 0 ]
