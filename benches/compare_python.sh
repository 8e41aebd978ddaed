#!/usr/bin/env bash
# Times `trf parse` against the Python TRF readers a user might pick instead
# (PyPI `trf` and `caissify-pairings`) on the same generated tournaments, and
# prints the ratios. Not part of CI: it installs packages into a throwaway
# virtual environment.
#
#   bash benches/compare_python.sh            # sizes 150x9, 2000x13, 9999x15
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
TRF=$PWD/target/release/trf
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet trf caissify-pairings
PY=$work/venv/bin/python

# Wall time of a command, best of N runs, in milliseconds.
best_ms() {
  local n=$1; shift
  local best=
  for _ in $(seq "$n"); do
    local t0 t1
    t0=$(date +%s%N); "$@" > /dev/null; t1=$(date +%s%N)
    local ms=$(( (t1 - t0) / 1000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  printf '%d.%03d' $((best / 1000)) $((best % 1000))
}

cat > "$work/read.py" <<'PY'
import sys, time
which, path, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(path, encoding="utf-8").read()
best = None
for _ in range(runs):
    t0 = time.perf_counter()
    if which == "trf":
        import trf, io
        try:
            trf.load(io.StringIO(text))
        except Exception as e:  # report why, instead of a time
            print(f"error:{type(e).__name__}", file=sys.stderr)
            print("nan")
            sys.exit(0)
    else:
        from caissify_pairings.trf import parse_trf
        parse_trf(text)
    dt = time.perf_counter() - t0
    best = dt if best is None or dt < best else best
print(f"{best * 1000:.3f}")
PY

printf '%-11s %10s %14s %14s %14s %18s %9s %9s\n' size bytes "trf check ms" "trf parse ms" "py trf ms" "py caissify ms" "x trf" "x caiss."
for size in "150 9" "2000 13" "9999 15"; do
  set -- $size
  f=$work/t-$1x$2.trf
  "$TRF" generate --players "$1" --rounds "$2" --seed 7 -o "$f"
  check=$(best_ms 10 "$TRF" check "$f" --format json)
  rust=$(best_ms 10 "$TRF" parse "$f" --format json)
  # In-process parse time for Python (interpreter start excluded: generous to Python).
  pt=$("$PY" "$work/read.py" trf "$f" 3 || echo nan)
  pc=$("$PY" "$work/read.py" caissify "$f" 3 2>/dev/null || echo nan)
  ratio() { python3 -c "a,b='$1','$2'; print('n/a' if 'nan' in (a,b) else f'{float(a)/float(b):.1f}')"; }
  printf '%-11s %10d %14s %14s %14s %18s %9s %9s\n' "$1x$2" "$(stat -c %s "$f")" "$check" "$rust" "$pt" "$pc" "$(ratio "$pt" "$check")" "$(ratio "$pc" "$check")"
done
echo "trf check: whole process (start-up, read, every rule, one JSON line); trf parse: whole process printing"
echo "the full model as pretty JSON; Python: the parse call only, best of 3 (interpreter start excluded)."
echo "Ratios: Python parse time / trf check time. nan: the reader refused the file (reason on stderr)."
