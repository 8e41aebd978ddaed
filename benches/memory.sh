#!/usr/bin/env bash
# Peak memory of `trf check` on two adversarial reports (issue 11):
#
# * teams.trf: ~5 MB, 2,000 players and 013 team lines of 18,000 members
#   each (most of them unknown players, many in several teams);
# * pairings.trf: ~13 MB, 9,999 players x 120 rounds of random pairings
#   (opponents, colours and results drawn at random: nearly every round
#   entry disagrees with its opponent's);
# * blocks.trf: the same with opponents up to 29,997 and unreadable results
#   (millions of reader findings as well as rule findings).
#
# Not part of CI; run from the repository root:
#
#   benches/memory.sh [TRF_BINARY]
#
# Prints each input's size and the maximum resident set size of
# `trf check --format json` on it (GNU time's "Maximum resident set size").
# The bound stated in the README is 64 MB plus a small multiple of the input.
set -euo pipefail

trf=${1:-}
if [ -z "$trf" ]; then
  cargo build --release --quiet
  trf=$(pwd)/target/release/trf
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/trf-memory.XXXXXX")
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]
rnd = random.Random(11)

def player(n, rounds, blocks):
    line = "001 %4d m    %-33s %4d %-3s %11d %-10s %4s %4d" % (
        n, "Player, Number %d" % n, 1500 + n % 900, "ENG", 100000 + n,
        "1990/01/01", "0.0", n)
    return line + "".join("  %4d %s %s" % b for b in blocks)

with open(d + "/teams.trf", "w") as f:
    f.write("012 Team memory test\n042 2024/01/01\n052 2024/01/02\n")
    for n in range(1, 2001):
        f.write(player(n, 0, []) + "\n")
    t = 0
    while f.tell() < 5_000_000:
        t += 1
        members = " ".join("%4d" % rnd.randint(1, 9999) for _ in range(18_000))
        f.write("013 %-32s %s\n" % ("Team %d" % t, members))

def pairings(name, top, colours, results):
    with open(d + "/" + name, "w") as f:
        players, rounds = 9999, 120
        f.write("012 Pairing memory test\n042 2024/01/01\n052 2024/01/02\n")
        for n in range(1, players + 1):
            blocks = [(rnd.randint(1, top * players), rnd.choice(colours), rnd.choice(results))
                      for _ in range(rounds)]
            f.write(player(n, rounds, blocks) + "\n")

pairings("pairings.trf", 1, "wb", "10=+-")
pairings("blocks.trf", 3, "wb-", "10=+-HFUZ")
PY

for f in teams pairings blocks; do
  size=$(stat -c %s "$dir/$f.trf")
  # `trf check` exits 1 (errors found): that is expected here.
  rss=$( { /usr/bin/time -v "$trf" check --format json "$dir/$f.trf" >/dev/null || true; } 2>&1 \
    | awk -F': ' '/Maximum resident set size/ {print $2}')
  echo "$f.trf: $((size / 1000)) kB input, peak RSS $((rss / 1024)) MB"
done
