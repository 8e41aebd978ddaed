#!/usr/bin/env bash
# CI: `trf.exe`, the Windows build, run under Wine on this Linux machine and
# compared with the Linux build (target/debug/trf, what `cargo test` ran)
# byte for byte: standard output, standard error and exit status.
#
# - every file of samples/ and a generated 300 x 9 report: check and rate
#   in each format over all of them at once (named, and the folder
#   walked), period over the folder, parse and fmt of each;
# - reports and folders named with a drive letter (`Z:\...`), and in a
#   folder with a non-ASCII name, given both ways;
# - `report` of one report and of a folder (`-o DIR`), `fmt --in-place`
#   of every report of a copy of samples/hand: the files written;
# - a closed pipe (`trf check samples | head -c 1000`);
# - `serve --port 0` answered on loopback (the page, then a report sent
#   with its form), and a report dropped on trf.exe (its path the only
#   argument): the page opens with its verdict, and the window says how to
#   stop.
#
# Paths that Windows joins with `\` (a folder's reports) are written as on
# Linux before the comparison (.ci/wine-paths.pl: an exact map of every
# path the walks can meet, nothing else touched). A differing case is run
# once more before it counts: Wine has rare transient failures.
#
# It installs what it needs (Debian's gcc-mingw-w64-x86-64, wine64 and curl,
# the Rust target) and keeps its Wine prefix in target/wine/. The exe is
# built with the `wine-test` profile (Cargo.toml): the code of the release
# build, compiled in a fraction of its time; the exe handed to users is
# windows/package.sh's release build.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd -P)"
export CARGO_TERM_COLOR=never
target=x86_64-pc-windows-gnu
wine=/usr/lib/wine/wine64
started=$SECONDS

. .ci/need.sh
need x86_64-w64-mingw32-gcc gcc-mingw-w64-x86-64 "$wine" wine64 curl curl
rustup target list --installed | grep -qx "$target" || rustup target add "$target"

cargo build --profile wine-test --target "$target" --bin trf
cargo build --bin trf
lin="$root/target/debug/trf"
export TRF_EXE="$root/target/$target/wine-test/trf.exe"
echo "windows: built in $((SECONDS - started)) s"

# The Wine prefix: created once (about 6 s, with harmless complaints),
# with the test shim that gives Wine 8 the `ProcessPrng` Rust's standard
# library needs (windows/wine-test-shim/: a test aid, never shipped).
# No Mono or Gecko, no debug output; UTF-8 arguments; a page the exe opens
# goes to `true`, not to a browser.
export WINEPREFIX="$root/target/wine/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
export LC_ALL=C.UTF-8 BROWSER=true
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  mkdir -p "$WINEPREFIX"
  "$wine" wineboot --init >/dev/null 2>&1
fi
x86_64-w64-mingw32-gcc -O2 -shared -s -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
  windows/wine-test-shim/bcryptprimitives.c windows/wine-test-shim/bcryptprimitives.def -ladvapi32
# One Wine server for the whole run instead of one per process. A
# persistent server an interrupted run left behind is stopped first
# (`-p` fails with status 2 while one runs for the prefix).
/usr/lib/wine/wineserver -k >/dev/null 2>&1 || true
/usr/lib/wine/wineserver -w >/dev/null 2>&1 || true
/usr/lib/wine/wineserver -p
work="$root/target/wine/work"
cleanup() {
  /usr/lib/wine/wineserver -k >/dev/null 2>&1 || true
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
}
trap cleanup EXIT
rm -rf "$work" && mkdir -p "$work/tmp"
export TRF_WINE_TMP="$work/tmp" TRF_WINE_PATHS="$work/paths.tsv"

# Copies: a folder with a non-ASCII name, and two identical trees for the
# commands that write (one for each build).
odd="$work/Zürich Öffnung (Vereine)"
mkdir -p "$odd" "$work/lin" "$work/win"
cp samples/hand/*.trf "$odd/"
cp -r samples/hand "$work/lin/in"
cp -r samples/hand "$work/win/in"

# The paths map: every file and folder under a walked root, in the forms
# Windows writes it (text, JSON), and the Linux form.
windows_form() { local p="${1//\//\\}"; printf '%s' "$p"; }
: >"$TRF_WINE_PATHS"
add_root() { # add_root DIR LINUX_PREFIX WINDOWS_PREFIX
  local dir=$1 lp=$2 wp=$3 rel w last
  while IFS= read -r -d '' p; do
    rel="${p#"$dir"}"
    w="$wp$(windows_form "$rel")"
    printf '%s\t%s\n%s\t%s\n' "$w" "$lp$rel" "${w//\\/\\\\}" "$lp$rel" >>"$TRF_WINE_PATHS"
    # A message that shortens long paths (`/work/… (Vereine)\x.trf`)
    # keeps the last word of the folder and the name.
    last="${p%/*}"
    last="${last##*[ /]}"
    [ "$p" = "$dir" ] || printf '%s\\%s\t%s/%s\n' "$last" "${p##*/}" "$last" "${p##*/}" >>"$TRF_WINE_PATHS"
  done < <(find "$dir" -print0)
}
z() { printf 'Z:%s' "$(windows_form "$1")"; }
add_root "$root/samples" samples samples
add_root "$root/samples/hand" "$root/samples/hand" "$(z "$root/samples/hand")"
add_root "$odd" "$odd" "$odd"
add_root "$odd" "$odd" "$(z "$odd")"
# A message that shortens long paths keeps their head, up to a space.
head="$odd"
while [[ $head == *" "* ]]; do
  head="${head% *}"
  printf '%s\t%s\n' "$(z "$head")" "$head" >>"$TRF_WINE_PATHS"
done
add_root "$work/lin/in" in in
for f in "$work/lin/in"/*.trf; do
  stem="${f##*/}"
  stem="${stem%.trf}"
  printf 'in\\%s.report.html\tin/%s.report.html\n' "$stem" "$stem" >>"$TRF_WINE_PATHS"
done
printf 'out\\index.html\tout/index.html\n' >>"$TRF_WINE_PATHS"
# SARIF: a drive path is a `file:` URI (`file:///Z:/work/...`), a Linux
# path a relative reference (`/work/...`).
printf 'file:///Z:\t\n' >>"$TRF_WINE_PATHS"

# The cases below: `pair` runs the Linux build with the arguments before
# `--` and trf.exe with those after it (the same when there is no `--`).
runs=0
diffs=0
tmp="$work/tmp"
differs() { ! cmp -s "$tmp/a.out" "$tmp/b.out" || ! cmp -s "$tmp/a.err" "$tmp/b.err" || [ "$ea" != "$eb" ]; }
pair() {
  local a=() b=() seen=""
  for w in "$@"; do
    if [ "$w" = "--" ] && [ -z "$seen" ]; then seen=1; continue; fi
    if [ -z "$seen" ]; then a+=("$w"); else b+=("$w"); fi
  done
  [ -n "$seen" ] || b=("${a[@]}")
  runs=$((runs + 1))
  ea=0; "$lin" "${a[@]}" >"$tmp/a.out" 2>"$tmp/a.err" || ea=$?
  eb=0; .ci/wine-trf "${b[@]}" >"$tmp/b.out" 2>"$tmp/b.err" || eb=$?
  if differs; then
    echo "RERUN: ${b[*]} (exit $ea vs $eb)"
    eb=0; .ci/wine-trf "${b[@]}" >"$tmp/b.out" 2>"$tmp/b.err" || eb=$?
  fi
  if differs; then
    diffs=$((diffs + 1))
    echo "DIFF: ${b[*]} (exit $ea vs $eb)"
    diff "$tmp/a.out" "$tmp/b.out" | head -5 || true
    diff "$tmp/a.err" "$tmp/b.err" | head -5 || true
  fi
}
modes() { # modes LINUX_PATH WINDOWS_PATH: the formats of check and rate, parse
  pair check "$1" -- check "$2"
  pair check --format json "$1" -- check --format json "$2"
  pair check --format sarif "$1" -- check --format sarif "$2"
  pair rate --format json "$1" -- rate --format json "$2"
}

# Every file of samples/ (those benches/same_output.sh compares: all but
# the notes, lists in XML and option files) and a generated 300 x 9 report.
# `check` and `rate` in each format take them all at once (each file named,
# and the folder walked), `period` the folder; `parse` and `fmt` take one
# file, and run on each, two at a time (two cores; Wine's start-up
# dominates).
generated="$work/300x9.trf"
"$lin" generate --players 300 --rounds 9 --seed 1 -o "$generated" >/dev/null
mapfile -t files < <( (find samples -type f ! -name '*.md' ! -name '*.tsv' ! -name '*.xml' \
  ! -name '*.tab' ! -name '*.options'; echo "$generated") | sort)
t=$SECONDS
for format in human json sarif; do
  pair check --format "$format" "${files[@]}"
  pair check --format "$format" samples
done
for format in human json csv; do
  pair rate --format "$format" "${files[@]}"
done
pair rate --format json samples
pair period --format json samples
pair period --period 2024-05 --format json samples
each() { # each DIR MODE: MODE on every file, DIR its scratch; then the counts
  tmp=$1
  shift
  mkdir -p "$tmp"
  runs=0
  diffs=0
  for f in "${files[@]}"; do pair "$@" "$f"; done
  echo "counted: $runs runs, $diffs differences"
}
(each "$work/tmp-parse" parse) >"$work/parse.log" 2>&1 &
first=$!
(each "$work/tmp-fmt" fmt) >"$work/fmt.log" 2>&1 || true
wait "$first" || true
for log in "$work/parse.log" "$work/fmt.log"; do
  grep -v '^counted: ' "$log" || true
  counted=$(sed -n 's/^counted: \([0-9]*\) runs, \([0-9]*\) differences$/\1 \2/p' "$log")
  [ -n "$counted" ] || { echo "DIFF: $log did not finish"; counted="0 1"; }
  read -r r d <<<"$counted"
  runs=$((runs + r))
  diffs=$((diffs + d))
done
echo "windows: every file compared ($runs runs) in $((SECONDS - t)) s"

# A drive letter; a non-ASCII folder as a Linux path and with a drive.
hand="$root/samples/hand"
modes "$hand/list-crosscheck.trf" "$(z "$hand/list-crosscheck.trf")"
modes "$hand" "$(z "$hand")"
pair parse "$hand/swiss-utf8-lf.trf" -- parse "$(z "$hand/swiss-utf8-lf.trf")"
pair fmt "$hand/swiss-utf8-lf.trf" -- fmt "$(z "$hand/swiss-utf8-lf.trf")"
modes "$odd" "$odd"
modes "$odd" "$(z "$odd")"
modes "$odd/list-crosscheck.trf" "$(z "$odd/list-crosscheck.trf")"
pair period --format json "$odd" -- period --format json "$(z "$odd")"

# Commands that write: `report` of one report (beside it) and of a folder
# (-o DIR), `fmt --in-place` of every report; then the trees compared, the
# time of the check and the paths of the Wine side written as on Linux.
written() { # written ARGS...: both builds, each in its own copy
  runs=$((runs + 1))
  ea=0; (cd "$work/lin" && "$lin" "$@") >"$tmp/a.out" 2>"$tmp/a.err" || ea=$?
  eb=0; (cd "$work/win" && "$root/.ci/wine-trf" "$@") >"$tmp/b.out" 2>"$tmp/b.err" || eb=$?
  if differs; then
    diffs=$((diffs + 1))
    echo "DIFF: $* (exit $ea vs $eb)"
    diff "$tmp/a.out" "$tmp/b.out" | head -5 || true
    diff "$tmp/a.err" "$tmp/b.err" | head -5 || true
  fi
}
written report in/list-crosscheck.trf
written report in -o out
for f in "$work/lin/in"/*.trf; do
  written fmt --in-place "in/${f##*/}"
done
stamp='s/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC/TIME/g'
while IFS= read -r -d '' f; do
  rel="${f#"$work/lin/"}"
  runs=$((runs + 1))
  if ! cmp -s <(sed -E "$stamp" "$f") \
    <(perl .ci/wine-paths.pl "$TRF_WINE_PATHS" <"$work/win/$rel" | sed -E "$stamp"); then
    diffs=$((diffs + 1))
    echo "DIFF: $rel as written"
  fi
done < <(find "$work/lin" -type f -print0)
[ "$(find "$work/lin" -type f | wc -l)" = "$(find "$work/win" -type f | wc -l)" ] || {
  diffs=$((diffs + 1))
  echo "DIFF: the files written"
}

# A closed pipe ends quietly, as on Linux.
runs=$((runs + 1))
set +e
"$lin" check samples 2>"$tmp/a.err" | head -c 1000 >/dev/null
ea=${PIPESTATUS[0]}
"$wine" "$TRF_EXE" check samples 2>"$tmp/b.raw" | head -c 1000 >/dev/null
eb=${PIPESTATUS[0]}
set -e
perl .ci/wine-paths.pl "$TRF_WINE_PATHS" <"$tmp/b.raw" >"$tmp/b.err"
: >"$tmp/a.out"
: >"$tmp/b.out"
if differs; then
  diffs=$((diffs + 1))
  echo "DIFF: check samples | head (exit $ea vs $eb)"
  diff "$tmp/a.err" "$tmp/b.err" | head -5 || true
fi

# The local page on loopback: started, answered, a report sent with its
# form checked; then a report dropped on trf.exe. The URL is read from the
# first line, as scripts do.
url_of() { # url_of OUT: waits (60 s at most) for the URL in OUT
  for _ in $(seq 1 120); do
    if grep -q 'http://127.0.0.1:' "$1" 2>/dev/null; then
      grep -o 'http://127\.0\.0\.1:[0-9]*/' "$1" | head -1
      return 0
    fi
    sleep 0.5
  done
  return 1
}
page_fails() { # page_fails WHAT: counts and says a failed page check
  diffs=$((diffs + 1))
  echo "DIFF: $1"
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  server=""
}
runs=$((runs + 1))
"$wine" "$TRF_EXE" serve --port 0 >"$tmp/serve.out" 2>"$tmp/serve.err" &
server=$!
if url=$(url_of "$tmp/serve.out") && curl -sf "$url" >"$tmp/page.html" && grep -q '<form' "$tmp/page.html"; then
  token=$(grep -o 'name="token" value="[^"]*"' "$tmp/page.html" | head -1 | sed 's/.*value="//; s/"$//')
  if curl -sf -F "token=$token" -F "trf=@samples/hand/swiss-utf8-lf.trf" "${url}check" >"$tmp/checked.html" &&
    grep -q 'data-verdict="ready"' "$tmp/checked.html"; then
    kill "$server" 2>/dev/null || true
    server=""
  else
    page_fails "serve: a report sent with the page's form was not checked"
  fi
else
  page_fails "serve --port 0: no page ($(cat "$tmp/serve.err"))"
fi
runs=$((runs + 1))
"$wine" "$TRF_EXE" "$(z "$hand/swiss-utf8-lf.trf")" >"$tmp/drop.out" 2>"$tmp/drop.err" &
server=$!
if url=$(url_of "$tmp/drop.out") && curl -sf "$url" >"$tmp/page.html" &&
  grep -q 'data-verdict="ready"' "$tmp/page.html" && grep -q 'swiss-utf8-lf.trf' "$tmp/page.html" &&
  grep -q 'close this window or press Ctrl+C' "$tmp/drop.out"; then
  kill "$server" 2>/dev/null || true
  server=""
else
  page_fails "a report dropped on trf.exe: no page with its verdict ($(cat "$tmp/drop.out" "$tmp/drop.err"))"
fi

echo "windows: $runs runs, $diffs differences; $((SECONDS - started)) s in all"
[ "$diffs" = 0 ]
