#!/usr/bin/env bash
# Batch throughput of `trf check`: 10,000 typical reports (150 players x 9
# rounds, one seed each) in a temporary folder, checked in one run.
# Not part of CI; run from the repository root:
#
#   benches/batch.sh [FILES] [PLAYERS] [ROUNDS]
#
# Prints the wall time of `trf check DIR` (hyperfine when installed, else
# one timed run) and the files per second.
set -euo pipefail

files=${1:-10000}
players=${2:-150}
rounds=${3:-9}

cargo build --release --quiet
trf=$(pwd)/target/release/trf
dir=$(mktemp -d "${TMPDIR:-/tmp}/trf-batch.XXXXXX")
trap 'rm -rf "$dir"' EXIT

echo "generating $files reports of $players x $rounds in $dir"
start=$(date +%s%N)
seq 1 "$files" | xargs -P "$(nproc)" -I{} \
  "$trf" generate --players "$players" --rounds "$rounds" --seed {} -o "$dir/t{}.trf"
echo "generated in $(( ($(date +%s%N) - start) / 1000000 )) ms, $(du -sh "$dir" | cut -f1)"

if command -v hyperfine >/dev/null; then
  hyperfine --warmup 1 --runs 5 \
    --command-name "trf check ($files files)" \
    "$trf check --format json $dir > /dev/null"
else
  start=$(date +%s%N)
  "$trf" check --format json "$dir" > /dev/null
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  echo "trf check: $ms ms for $files files ($(( files * 1000 / (ms > 0 ? ms : 1) )) files/s)"
fi
