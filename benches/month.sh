#!/usr/bin/env bash
# A FIDE-sized month (issue 23): 5,000 reports of 40-300 players drawn from
# one synthetic standard list of 1,932,867 players (the size of the real
# combined list), players shared between reports, then
# `trf check --summary --rating-list LIST DIR` and `trf period` on all of them, against the
# time and memory it takes just to read the bytes (`cat > /dev/null`).
# Results: benches/month.md.
#
# Not part of CI; run from the repository root:
#
#   benches/month.sh [TRF_BINARY] [DIR]
#
# Writes the month and the list to DIR (default: a temporary directory,
# removed after); MONTH_REPORTS=N changes the number of reports. Needs GNU
# time (/usr/bin/time -v) for wall time and peak memory.
set -euo pipefail

trf=${1:-}
if [ -z "$trf" ]; then
  cargo build --release --quiet
  trf=$(pwd)/target/release/trf
fi
dir=${2:-}
if [ -z "$dir" ]; then
  dir=$(mktemp -d "${TMPDIR:-/tmp}/trf-month.XXXXXX")
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"
reports=${MONTH_REPORTS:-5000}

if [ ! -f "$dir/list.txt" ] || [ ! -d "$dir/month" ]; then
  "$trf" generate --month 2026-03 --reports "$reports" --seed 23 -o "$dir/month" --list "$dir/list.txt"
fi

# Wall time (s) and peak resident memory (kB) of a command.
measure() {
  /usr/bin/time -v "$@" > "$dir/out" 2> "$dir/time" || true
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time")
  echo "$wall | $(( rss / 1024 )) MB"
}

month_bytes=$(du -sb "$dir/month" | cut -f1)
list_bytes=$(stat -c %s "$dir/list.txt")
echo "reports: $(ls "$dir/month" | wc -l), $(( month_bytes / 1000000 )) MB; list: $(( list_bytes / 1000000 )) MB"
echo
echo "| run | wall | peak memory |"
echo "|---|---|---|"
echo "| cat reports and list > /dev/null | $(measure sh -c "cat '$dir'/month/* '$dir/list.txt' > /dev/null") |"
echo "| wc -l reports and list | $(measure sh -c "cat '$dir'/month/* '$dir/list.txt' | wc -l") |"
echo "| check --summary (no list) | $(measure "$trf" check --summary --no-progress "$dir/month") |"
echo "| check --summary --rating-list | $(measure "$trf" check --summary --no-progress --rating-list "$dir/list.txt" "$dir/month") |"
echo "| period --period 2026-04 (no list) | $(measure "$trf" period --period 2026-04 --format csv "$dir/month") |"
echo "| period --period 2026-04 --rating-list | $(measure "$trf" period --period 2026-04 --format csv --rating-list "$dir/list.txt" "$dir/month") |"
tail -3 "$dir/out"
# The officer's ledger: the period recorded (one transaction), then the
# ledger's size and a second month's recording over it (issue 41).
rm -f "$dir/officer.ledger" "$dir/officer.ledger-wal" "$dir/officer.ledger-shm"
echo "| period --period 2026-04 --rating-list --ledger (new ledger) | $(measure "$trf" period --period 2026-04 --format csv --rating-list "$dir/list.txt" --ledger "$dir/officer.ledger" "$dir/month") |"
echo "| the same, recorded again over it (the period replaced) | $(measure "$trf" period --period 2026-04 --format csv --rating-list "$dir/list.txt" --ledger "$dir/officer.ledger" "$dir/month") |"
echo "| ledger --period 2026-04 --format csv | $(measure "$trf" ledger --ledger "$dir/officer.ledger" --period 2026-04 --format csv) |"
echo "ledger size: $(( $(stat -c %s "$dir/officer.ledger") / 1000 )) kB"
