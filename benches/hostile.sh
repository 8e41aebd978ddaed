#!/usr/bin/env bash
# Linearity of `trf check` and `trf rate` on adversarial reports (issue 13):
# each case is built at size N and 2N, and the instructions callgrind counts
# for `trf check --format json` and `trf rate --format json` on each should
# roughly double from N to 2N, never quadruple. Results: benches/hostile.md.
#
# Cases (the sizes are N; 2N doubles the scaled quantity):
#
# * unknown: 2,400 players (even starting ranks) x 15 rounds, every opponent
#   an odd rank no player has;
# * samerank: 5,000 players all with starting rank 1, random opponents;
# * records: 300 players x 15 rounds and 2,000 each of `299`, `250`, `300`,
#   `310`, `320` and `330` records, many naming unknown ids;
# * teams013: 2,000 players and 1,000 `013` teams of 50 members each
#   (random ranks up to 9,999: unknown members, members in several teams);
# * teams310: the same with `310` records;
# * dates: 50 players x 100 rounds and 2,000 `132` lines of 100 dates each;
# * rounds: 20 players x 499 rounds (2N: 998 rounds), a date per round;
# * byes: 40 players with a line of 4,990 half-point byes each (2N: 9,980,
#   close to the default line limit of 100,000 bytes): every round entry a
#   rare row of the games table, each decided out of the rating pass's
#   main loop;
# * rrwide: a report declared a round robin (2010 text, whose round-robin
#   route rates the unrated players) with 2,000 players and one round;
# * ext: 200 players x 9 rounds and 5,000 each of `XXA`, `XXR`, `XXC`,
#   `XXS` and `BBW` lines;
# * many: a folder of 100 reports (2N: 200) of the same 40 players (same
#   FIDE IDs and names) on the same 9 dates with other results: every
#   player in every report on every day, the worst case of the findings
#   across reports (issue 23), checked as one `trf check DIR`.
# * month: a month of 250 reports (2N: 500) from `trf generate --month
#   2026-03 --seed 23` (40-300 players each, drawn from one synthetic list
#   of 400,000 players, neighbouring events sharing players), measured as
#   `trf check --format json DIR` and `trf period --period 2026-04 --format
#   json DIR` (in the rate columns: the period rates every report).
#
# Not part of CI; run from the repository root:
#
#   benches/hostile.sh [TRF_BINARY] [DIR]
#   HOSTILE_39=1 benches/hostile.sh [TRF_BINARY]   # issue 39's cases only
#
# Writes the reports to DIR (default: a temporary directory, removed after)
# and prints a Markdown table of instruction counts (needs valgrind); with
# HOSTILE_ONLY_GENERATE=1 it only writes the reports; HOSTILE_CASES="unknown
# rounds" measures only those cases.
set -euo pipefail

trf=${1:-}
if [ -z "$trf" ]; then
  cargo build --release --quiet
  trf=$(pwd)/target/release/trf
fi
dir=${2:-}
if [ -z "$dir" ]; then
  dir=$(mktemp -d "${TMPDIR:-/tmp}/trf-hostile.XXXXXX")
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"

# Issue 39: time and peak memory (GNU time) where instruction counts say
# less than the bytes held: 4 MB of bare `001` lines (800,000 lines) through
# check, rate and fmt; 80,000 and 160,000 `013` team lines; a fan-out of
# symbolic links (each of 16 folders linking twice to the one below: 65,536
# paths to one report); title norms of a crafted report of 1,000 players
# whose every GM norm would need the whole subset search of B.01 1.4.1e-f
# (`norms` and `report`); `trf serve` with 50 uploads of a 100 kB report at
# once (the server's peak, VmHWM) and with 80 connections holding half a
# request head (the time a page request then takes). HOSTILE_39=1 runs only
# these.
if [ "${HOSTILE_39:-0}" = 1 ]; then
  python3 - "$dir" <<'PY39'
import os, sys
d = sys.argv[1]
open("%s/bare001.trf" % d, "w").write("001 \n" * 800000)
for n in (80000, 160000):
    with open("%s/t013-%d.trf" % (d, n), "w") as f:
        f.write("012 T\n001    1 m    Player, One                        1500 ENG      100001 1990/01/01  0.0    1\n")
        for i in range(n):
            f.write("013 %-32s%4d\n" % ("Team %d" % i, 1))
os.makedirs("%s/fan/t" % d, exist_ok=True)
open("%s/fan/t/r.trf" % d, "w").write(open("samples/hand/swiss-utf8-lf.trf").read())
below = "t"
for i in range(1, 17):
    os.makedirs("%s/fan/l%d" % (d, i), exist_ok=True)
    for x in "ab":
        p = "%s/fan/l%d/%s" % (d, i, x)
        if not os.path.islink(p):
            os.symlink("../%s" % below, p)
    below = "l%d" % i
# Norms: 1,000 untitled players of GER, 30 rounds each against a pool whose
# place fixes the opponent: 10 wins against GMs of 1900, 8 against IMs of
# 2450, 12 draws against IMs of 2650 (tests/hostile.rs, crafted_norms).
slots = [("GM", 1900, "1")] * 10 + [("IM", 2450, "1")] * 8 + [("IM", 2650, "=")] * 12
R, heroes = len(slots), 1000
pool = -(-max(heroes, R) // R) * R
feds = ["ESP", "FRA", "NED", "ENG", "POL", "ITA", "USA"]
games = [[None] * R for _ in range(heroes + pool)]
for h in range(heroes):
    for r in range(R):
        j = (h + r) % pool
        res = slots[j % R][2]
        games[h][r] = (heroes + j + 1, "w" if r % 2 else "b", res)
        games[heroes + j][r] = (h + 1, "b" if r % 2 else "w", "0" if res == "1" else "=")
with open("%s/norms-crafted.trf" % d, "w") as f:
    f.write("012 Crafted subset search\n022 Testville\n032 GER\n042 2024/05/01\n052 2024/05/30\n"
            "062 %d\n092 Individual: Swiss-System\n102 IA Arbiter, Example\n"
            "122 90 min + 30 sec/move from move 1\n132%s%s\n"
            % (heroes + pool, " " * 88, "  ".join("24/05/%02d" % (x + 1) for x in range(R))))
    for i, g in enumerate(games):
        t, rt, fed = ("  ", 2400, "GER") if i < heroes else (slots[(i - heroes) % R][0], slots[(i - heroes) % R][1], feds[(i - heroes) % 7])
        pts = sum({"1": 1, "=": 0.5, "0": 0}[x[2]] for x in g if x)
        line = "001 %4d m %2s %-33s %4d %-3s %11d 1990/01/01 %4.1f %4d" % (i + 1, t, "Player, No%d" % (i + 1), rt, fed, 9900000 + i, pts, i + 1)
        line += "".join("  %4d %s %s" % x if x else " " * 10 for x in g)
        f.write(line.rstrip() + "\n")
PY39
  "$trf" generate --players 500 --rounds 11 --seed 9 -o "$dir/upload.trf" >/dev/null
  echo "| case | command | wall | peak memory |"
  echo "|---|---|---|---|"
  t39() { # t39 CASE ARGS...
    local c=$1 r
    shift
    /usr/bin/time -o "$dir/time.txt" -f '%e s|%M KB' "$trf" "$@" >/dev/null 2>&1 || true
    r=$(tail -1 "$dir/time.txt")
    echo "| $c | trf $(echo "$@" | sed "s#$dir/##g") | ${r%%|*} | ${r##*|} |"
  }
  t39 bare001 check --format json "$dir/bare001.trf"
  t39 bare001 rate --format json "$dir/bare001.trf"
  t39 bare001 fmt "$dir/bare001.trf"
  t39 teams013 check --format json "$dir/t013-80000.trf"
  t39 teams013 check --format json "$dir/t013-160000.trf"
  t39 fanout check --summary --format csv "$dir/fan/l16"
  t39 norms norms "$dir/norms-crafted.trf"
  t39 norms report "$dir/norms-crafted.trf" -o "$dir/norms-crafted.html" --force
  # trf serve: 50 uploads at once, then 80 connections holding half a head.
  "$trf" serve --port 0 >"$dir/url" 2>/dev/null &
  server=$!
  for _ in $(seq 100); do grep -q 'http://' "$dir/url" && break; sleep 0.1; done
  url=$(grep -o 'http://[^ ]*' "$dir/url")
  token=$(curl -s "$url" | grep -o 'name="token" value="[^"]*"' | sed 's/.*value="//; s/"$//')
  start=$(date +%s.%N)
  for i in $(seq 50); do
    curl -s -o /dev/null -w '%{http_code}\n' -F "token=$token" -F "trf=@$dir/upload.trf" "${url}check" >"$dir/code.$i" &
  done
  for i in $(seq 50); do while [ ! -s "$dir/code.$i" ]; do sleep 0.1; done; done
  end=$(date +%s.%N)
  codes=$(cat "$dir"/code.* | sort | uniq -c | awk '{printf "%s x %s ", $1, $2}')
  echo "| serve50 | 50 uploads of 100 kB at once ($codes) | $(echo "$end - $start" | bc) s | $(awk '/^VmHWM/ {print $2}' "/proc/$server/status") KB |"
  python3 - "$url" <<'SLOW'
import socket, sys, time
host, port = sys.argv[1][7:].rstrip("/").split(":")
held = []
for _ in range(80):
    s = socket.create_connection((host, int(port)))
    s.sendall(("GET / HTTP/1.1\r\nHost: %s:%s\r\n" % (host, port)).encode())
    held.append(s)
time.sleep(0.3)
t = time.time()
s = socket.create_connection((host, int(port)))
s.sendall(("GET / HTTP/1.1\r\nHost: %s:%s\r\nConnection: close\r\n\r\n" % (host, port)).encode())
s.settimeout(60)
answer = b""
while True:
    b = s.recv(65536)
    if not b:
        break
    answer += b
print("| slow80 | a page request while 80 connections hold half a head | %.2f s (%s) | |" % (time.time() - t, answer[:12].decode()))
SLOW
  kill "$server"
  wait "$server" 2>/dev/null || true
  exit 0
fi

python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]

HEAD = "012 Hostile report\n042 2024/01/01\n052 2024/12/31\n122 90 min + 30 sec\n"

def player(n, blocks, rank=None):
    line = "001 %4d m    %-33s %4d %-3s %11d %-10s %4s %4d" % (
        n if rank is None else rank, "Player, Number %d" % n, 1500 + n % 900,
        "ENG", 100000 + n, "1990/01/01", "0.0", n % 10000)
    return line + "".join("  %4d %s %s" % b for b in blocks) + "\n"

def dates(k, first=1):
    return "132" + " " * 88 + "  ".join(
        "24/%02d/%02d" % (1 + (i // 28) % 12, 1 + i % 28) for i in range(first, first + k)) + "\n"

def write(name, k, body, head=HEAD):
    rnd = random.Random(13)
    with open("%s/%s-%s.trf" % (d, name, "N" if k == 1 else "2N"), "w") as f:
        f.write(head)
        body(f, k, rnd)

def unknown(f, k, rnd):
    for n in range(1, 2400 * k + 1):
        f.write(player(2 * n,
                       [(2 * rnd.randint(0, 4999) + 1, rnd.choice("wb"), rnd.choice("10="))
                        for _ in range(15)]))

def samerank(f, k, rnd):
    for n in range(1, 5000 * k + 1):
        f.write(player(n, [(rnd.randint(1, 9999), rnd.choice("wb"), rnd.choice("10="))
                           for _ in range(15)], rank=1))

def swiss(f, rnd, players, rounds):
    for n in range(1, players + 1):
        f.write(player(n, [(rnd.randint(1, players), rnd.choice("wb"), rnd.choice("10=+-"))
                           for _ in range(rounds)]))

def pts(rnd):
    return "%.1f" % (rnd.randint(0, 20) / 2)

def records(f, k, rnd):
    f.write(dates(15))
    swiss(f, rnd, 300, 15)
    for i in range(2000 * k):
        ids = "".join(" %4d" % rnd.randint(1, 400) for _ in range(rnd.randint(1, 8)))
        f.write("299 %1s  %4s  %4s  %3d%s\n" % (rnd.choice("WDLFHZ+- "), pts(rnd), pts(rnd),
                                                 rnd.randint(0, 16), ids))
        a = rnd.randint(1, 400)
        f.write("250 %4s %4s %3d %3d %4d %4d\n" % (pts(rnd), pts(rnd), rnd.randint(1, 15),
                                                   rnd.randint(1, 16), a, a + rnd.randint(0, 50)))
        f.write("300 %3d %3d %3d%s\n" % (rnd.randint(1, 16), rnd.randint(1, 999), rnd.randint(1, 999),
                                          "".join(" %4d" % rnd.randint(0, 400) for _ in range(4))))
        f.write("310 %3d %-32s %-5s %-6s %6s %6s %3d  %s\n" % (
            i % 999 + 1, "Team %d" % i, "T%d" % (i % 1000), "", pts(rnd), pts(rnd), i % 999 + 1,
            " ".join("%4d" % rnd.randint(1, 400) for _ in range(4))))
        f.write("320 %4s %4s %s\n" % (pts(rnd), pts(rnd),
                                     " ".join("%3d" % rnd.randint(1, 999) for _ in range(15))))
        f.write("330 %2s %3d %3d %3d\n" % (rnd.choice(["+-", "-+", "--"]), rnd.randint(1, 16),
                                          rnd.randint(1, 999), rnd.randint(1, 999)))

def teams(code):
    def body(f, k, rnd):
        swiss(f, rnd, 2000, 0)
        for t in range(1000 * k):
            members = [rnd.randint(1, 9999) for _ in range(50)]
            if code == "013":
                f.write("013 %-32s%s\n" % ("Team %d" % t, " ".join("%4d" % m for m in members)))
            else:
                f.write("310 %3d %-32s %-5s %-6s %6s %6s %3d  %s\n" % (
                    t % 999 + 1, "Team %d" % t, "", "", "0.0", "0.0", t % 999 + 1,
                    " ".join("%4d" % m for m in members)))
    return body

def many_dates(f, k, rnd):
    for _ in range(2000 * k):
        f.write(dates(100))
    swiss(f, rnd, 50, 100)

def rounds(f, k, rnd):
    r = 499 * k
    f.write(dates(r))
    f.write("XXR %d\n" % r)
    swiss(f, rnd, 20, r)

def byes(f, k, rnd):
    for n in range(1, 41):
        f.write(player(n, [(0, "-", "H")] * (4990 * k)))

def rrwide(f, k, rnd):
    # Declared a round robin under the 2010 text (whose round-robin route
    # rates the unrated players): 2,000 players, one round, every other
    # player unrated.
    for n in range(1, 2000 * k + 1):
        o = n + 1 if n % 2 else n - 1
        line = player(n, [(o, "w" if n % 2 else "b", "=")])
        if n % 2 == 0:
            line = line[:48] + "    " + line[52:]
        f.write(line)

def ext(f, k, rnd):
    swiss(f, rnd, 200, 9)
    for i in range(5000 * k):
        f.write("XXA %4d%s\n" % (rnd.randint(1, 300), "".join(" %4s" % pts(rnd) for _ in range(9))))
        f.write("XXR %d\n" % rnd.randint(1, 20))
        f.write("XXC %s\n" % rnd.choice(["white1", "black1", "rank"]))
        f.write("XXS W=%d D=0.5\n" % rnd.randint(0, 3))
        f.write("BBW %d\n" % rnd.randint(0, 3))

import os
def many(k):
    sub = "%s/many-%s" % (d, "N" if k == 1 else "2N")
    os.makedirs(sub, exist_ok=True)
    for r in range(100 * k):
        rnd = random.Random(1000 + r)
        with open("%s/report-%03d.trf" % (sub, r), "w") as f:
            f.write(HEAD)
            f.write("132" + " " * 88 + "  ".join("24/01/%02d" % (i + 1) for i in range(9)) + "\n")
            swiss(f, rnd, 40, 9)

for k in (1, 2):
    many(k)
    write("unknown", k, unknown)
    write("samerank", k, samerank)
    write("records", k, records)
    write("teams013", k, teams("013"))
    write("teams310", k, teams("310"))
    write("dates", k, many_dates)
    write("rounds", k, rounds)
    write("byes", k, byes)
    write("ext", k, ext)
    write("rrwide", k, rrwide, "012 Hostile report\n042 2010/01/01\n052 2010/01/01\n"
          "092 Individual: Round Robin\n122 90 min + 30 sec\n132" + " " * 88 + "10/01/01\n")
PY

for k in 1 2; do
  m="$dir/month-$([ "$k" = 1 ] && echo N || echo 2N)"
  [ -d "$m" ] || "$trf" generate --month 2026-03 --reports $((250 * k)) --seed 23 \
    --list-players 400000 -o "$m" >/dev/null
done

[ "${HOSTILE_ONLY_GENERATE:-0}" = 1 ] && exit 0


ir() {
  local out="$dir/callgrind.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$trf" "$@" >/dev/null 2>&1 || true
  awk '/^(summary|totals):/ {print $2; exit}' "$out"
}

echo "| case | size N | size 2N | check N | check 2N | ratio | rate N | rate 2N | ratio |"
echo "|---|---|---|---|---|---|---|---|---|"
for c in ${HOSTILE_CASES:-unknown samerank records teams013 teams310 dates rounds byes ext rrwide many month}; do
  n="$dir/$c-N.trf"; n2="$dir/$c-2N.trf"
  # A case of several reports is a folder.
  if [ -d "$dir/$c-N" ]; then n="$dir/$c-N"; n2="$dir/$c-2N"; fi
  c1=$(ir check --format json "$n"); c2=$(ir check --format json "$n2")
  if [ "$c" = month ]; then
    r1=$(ir period --period 2026-04 --format json "$n"); r2=$(ir period --period 2026-04 --format json "$n2")
  else
    r1=$(ir rate --format json "$n"); r2=$(ir rate --format json "$n2")
  fi
  printf '| %s | %d kB | %d kB | %.1f M | %.1f M | %.2f | %.1f M | %.1f M | %.2f |\n' "$c" \
    $(( $(du -sb "$n" | cut -f1) / 1000 )) $(( $(du -sb "$n2" | cut -f1) / 1000 )) \
    "$(echo "$c1 / 1000000" | bc -l)" "$(echo "$c2 / 1000000" | bc -l)" "$(echo "$c2 / $c1" | bc -l)" \
    "$(echo "$r1 / 1000000" | bc -l)" "$(echo "$r2 / 1000000" | bc -l)" "$(echo "$r2 / $r1" | bc -l)"
done
