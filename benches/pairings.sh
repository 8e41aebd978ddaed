#!/usr/bin/env bash
# Speed of `trf pairings` beside bbpPairings' checker (`--dutch FILE -c`) on
# the same files: Swiss tournaments made by bbpPairings' own random
# tournament generator (so both checkers find every round as they would
# pair it), of PLAYERS x 9 rounds for each size given.
#
# Not part of CI (it needs a bbpPairings binary, built from its public
# source: github.com/BieremaBoyzProgramming/bbpPairings, `make`); run from
# the repository root:
#
#   BBP=/path/to/bbpPairings.exe benches/pairings.sh [TRF_BINARY] [SIZES...]
#
# With EDITION=2017 and BBP set to bbpPairings v5.0.1 (the 2016/17 rules),
# the files are made by that version and given a start date in 2024 (and
# `092 Swiss Dutch`), so that trf applies the 2016/17 rules too.
#
# Default sizes: 50 100 200. Prints, per size, the wall-clock seconds and
# peak memory of each checker (GNU time) and whether both found no
# difference. Results are recorded in benches/pairings.md.
set -euo pipefail

bbp=${BBP:?set BBP to a bbpPairings binary}
trf=${1:-}
if [ -z "$trf" ]; then
  cargo build --release --quiet -p trfkit-cli
  trf=$(pwd)/target/release/trf
fi
shift || true
sizes=("${@:-50 100 200}")
# shellcheck disable=SC2206
sizes=(${sizes[*]})
dir=$(mktemp -d "${TMPDIR:-/tmp}/trf-pairings.XXXXXX")
trap 'rm -rf "$dir"' EXIT
printf '%-8s %-10s %-10s %-10s %-10s %s\n' players bbp_s bbp_MB trf_s trf_MB agree
for n in "${sizes[@]}"; do
  printf 'PlayersNumber=%s\nRoundsNumber=9\n' "$n" >"$dir/cfg.txt"
  "$bbp" --dutch -g "$dir/cfg.txt" -o "$dir/t$n.trf" -s $((n * 2654435761 % 4294967296)) >/dev/null
  if [ "${EDITION:-2026}" = 2017 ]; then
    printf '042 2024/03/01\r092 Swiss Dutch\r' >>"$dir/t$n.trf"
  fi
  /usr/bin/time -f '%e %M' -o "$dir/bbp.time" "$bbp" --dutch "$dir/t$n.trf" -c >"$dir/bbp.out"
  set +e
  /usr/bin/time -f '%e %M' -o "$dir/trf.time" "$trf" pairings --format json "$dir/t$n.trf" >"$dir/trf.out"
  code=$?
  set -e
  agree=no
  if ! grep -q -e 'Checker pairings' -e 'No valid pairing' "$dir/bbp.out" && [ "$code" = 0 ]; then
    agree=yes
  fi
  read -r bs bm <"$dir/bbp.time"
  read -r ts tm <"$dir/trf.time"
  printf '%-8s %-10s %-10s %-10s %-10s %s\n' "$n" "$bs" "$((bm / 1024))" "$ts" "$((tm / 1024))" "$agree"
done
