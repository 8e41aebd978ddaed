#!/usr/bin/env bash
# Instruction counts of `trf` (callgrind): stable on a noisy machine, unlike
# wall time. Not part of CI; run from the repository root:
#
#   benches/instructions.sh            # the release build (target/release/trf)
#   benches/instructions.sh --static   # the static one (`cargo release-static`)
#
# Prints, for each case, the instructions of the whole process (start-up
# included) as callgrind counts them (Ir). Cases:
#   version     trf --version (the cost of starting the process)
#   wc-l        wc -l of the 9,999 x 15 report (reading the bytes)
#   300x9       trf check --format json of a generated 300 x 9 report
#   9999x15     trf check --format json of a generated 9,999 x 15 report
#   rate-300x9  trf rate --format json of the 300 x 9 report
#   rate-9999x15 trf rate --format json of the 9,999 x 15 report
#
# benches/instructions.md keeps the history of these counts.
set -euo pipefail
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }

if [ "${1:-}" = "--static" ]; then
  cargo release-static --quiet
  trf=$(pwd)/target/x86_64-unknown-linux-gnu/release/trf
else
  cargo build --release --quiet
  trf=$(pwd)/target/release/trf
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/trf-icount.XXXXXX")
trap 'rm -rf "$dir"' EXIT
"$trf" generate --players 300 --rounds 9 --seed 1 -o "$dir/300x9.trf"
"$trf" generate --players 9999 --rounds 15 --seed 1 -o "$dir/9999x15.trf"

count() {
  local name=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$dir/$name.out" "$@" >/dev/null 2>"$dir/$name.err" || true
  local ir
  ir=$(grep -m1 -oE 'Collected : [0-9]+' "$dir/$name.err" | grep -oE '[0-9]+' || echo "?")
  printf '%-13s %14s Ir\n' "$name" "$ir"
}

count version "$trf" --version
count wc-l wc -l "$dir/9999x15.trf"
count 300x9 "$trf" check --format json "$dir/300x9.trf"
count 9999x15 "$trf" check --format json "$dir/9999x15.trf"
count rate-300x9 "$trf" rate --format json "$dir/300x9.trf"
count rate-9999x15 "$trf" rate --format json "$dir/9999x15.trf"
