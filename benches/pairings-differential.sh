#!/usr/bin/env bash
# `trf pairings` against bbpPairings' checker on tournaments made by
# bbpPairings' random tournament generator: the same verdict (differs or
# not) on every round. Not part of CI (it needs bbpPairings binaries, built
# from the public source github.com/BieremaBoyzProgramming/bbpPairings:
# v6.0.0 for the 2026 rules, v5.0.1 for the 2016/17 rules); the cases that
# matter are kept as fixtures in tests/fixtures/pairings/.
#
#   benches/pairings-differential.sh EDITION GEN_BBP CHECK_BBP TRF FIRST COUNT MINP MAXP [KEEP_DIR]
#
# EDITION is 2017 or 2026: for 2017, a start date in 2024 and a `092` line
# are appended to each file (bbpPairings v5.0.1 ignores both), so that trf
# applies the 2016/17 rules. GEN_BBP writes the tournaments (its own
# pairings in every round); CHECK_BBP checks them (`-c`): when the two are
# different editions, about one round in six differs, which tests the
# verdicts both ways. Case k uses seed s = (k × 2654435761 + 12345) mod 2³²
# (small seeds all give five rounds), PlayersNumber MINP + s mod
# (MAXP − MINP + 1), RoundsNumber 5 + (s / 7) mod 9 (5 to 13), ForfeitRate
# 5–30, HalfPointByeRate 10–69, RetiredRate 10–89 (zero-point byes in any
# round, the first included: late entries). Prints each disagreeing case,
# then a summary line: cases, rounds, rounds differing, disagreements.
set -uo pipefail
edition=$1 gen=$2 check=$3 trf=$4 first=$5 count=$6 minp=$7 maxp=$8
keep=${9:-}
dir=$(mktemp -d "${TMPDIR:-/tmp}/trf-pairings-diff.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cases=0 rounds=0 differing=0 disagree=0
for ((k = first; k < first + count; k++)); do
  s=$(((k * 2654435761 + 12345) % 4294967296))
  p=$((minp + s % (maxp - minp + 1)))
  r=$((5 + (s / 7) % 9))
  printf 'PlayersNumber=%s\nRoundsNumber=%s\nForfeitRate=%s\nHalfPointByeRate=%s\nRetiredRate=%s\n' \
    "$p" "$r" $((5 + (s / 11) % 26)) $((10 + (s / 13) % 60)) $((10 + (s / 17) % 80)) >"$dir/cfg.txt"
  f="$dir/t$k.trf"
  "$gen" --dutch -g "$dir/cfg.txt" -o "$f" -s "$s" >/dev/null 2>&1
  [ -s "$f" ] || continue
  if [ "$edition" = 2017 ]; then
    # The 2026 generator writes `092 FIDE_DUTCH_2025`: replaced. It writes
    # the planned rounds as `142 N` when it stopped early, which v5.0.1
    # ignores (it would take the rounds written as all): given as `XXR N`.
    sed -i -e 's/\r092 [^\r]*//' -e 's/\r142 /\rXXR /' "$f"
    printf '042 2024/03/01\r092 Swiss Dutch\r' >>"$f"
  elif ! grep -q $'\r092 ' "$f"; then
    # v5.0.1's generator declares no system: a short Swiss of few players
    # would otherwise be read as a round robin.
    printf '092 FIDE_DUTCH_2025\r' >>"$f"
  fi
  "$check" --dutch "$f" -c >"$dir/t$k.bbp.txt" 2>&1
  exp=$(awk '/Round #/{sub(/.*Round #/,""); r=$1} /Checker pairings|No valid pairing/{print r}' \
    "$dir/t$k.bbp.txt" | sort -un | tr '\n' ' ')
  got=$("$trf" pairings --format json "$f" 2>/dev/null | python3 -c '
import json, sys
v = json.load(sys.stdin)
if "error" in v:
    print("error:", v["error"])
else:
    print(len(v["rounds"]), " ".join(str(x["round"]) for x in v["rounds"] if not x["same"]))')
  n=${got%% *}
  got=$(echo ${got#* })
  exp=$(echo $exp) # one space between rounds, none at the end
  cases=$((cases + 1))
  case $n in '' | *[!0-9]*) n=0 ;; esac
  rounds=$((rounds + n))
  differing=$((differing + $(echo "$exp" | wc -w)))
  if [ "$exp" != "$got" ]; then
    disagree=$((disagree + 1))
    echo "case $k (seed $s, $p players, $r rounds): bbpPairings [$exp] trf [$got]"
    if [ -n "$keep" ]; then
      cp "$f" "$keep/" && cp "$dir/t$k.bbp.txt" "$keep/"
    fi
  fi
  rm -f "$f" "$dir/t$k.bbp.txt"
done
echo "summary: edition $edition, cases $first..$((first + count - 1)): $cases tournaments, $rounds rounds, $differing rounds bbpPairings finds different, $disagree tournaments where trf disagrees"
