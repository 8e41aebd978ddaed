#!/usr/bin/env bash
# Peak memory of `trf serve` for one upload of several reports sent together
# (issues 19 and 40): the server's peak resident set (VmHWM of
# /proc/PID/status) after it has answered the form, then after it has
# answered the upload, with the size of the upload, of the page it returned
# and the upload's wall time (curl's, from the first byte sent to the last
# byte of the page).
#
# Each upload goes to a fresh server:
#
# * real: the five largest reports of ../shared/corpus (36-97 kB);
# * open: five `trf generate --players 500 --rounds 11` reports (seeds 1-5),
#   a large open each;
# * every folder named after the binary: its files, uploaded together (the
#   months of benches/month.md: `trf generate --month 2026-03 --reports 300
#   --list-players 60000 -o DIR`, ...).
#
# Not part of CI (it needs curl and ../shared/corpus); run from the
# repository root, on the loopback address only:
#
#   benches/serve_memory.sh [TRF_BINARY [DIR...]]
#
# Without a binary it builds and uses the debug build, as the README's
# figures of `trf serve` do.
set -euo pipefail

trf=${1:-}
if [ -z "$trf" ]; then
  cargo build --quiet
  trf=$(pwd)/target/debug/trf
fi
shift || true
dir=$(mktemp -d "${TMPDIR:-/tmp}/trf-serve-memory.XXXXXX")
server=""
stop() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
  fi
}
trap 'stop; rm -rf "$dir"' EXIT

hwm() { awk '/^VmHWM/ {print $2}' "/proc/$1/status"; } # kB

mkdir -p "$dir/real" "$dir/open"
find ../shared/corpus -type f ! -name MANIFEST.tsv -printf '%s %p\n' | sort -rn | head -5 |
  while read -r _ f; do cp "$f" "$dir/real/$(basename "$f")"; done
for s in 1 2 3 4 5; do
  "$trf" generate --players 500 --rounds 11 --seed "$s" -o "$dir/open/open-$s.trf"
done
uploads=("$dir/real" "$dir/open" "$@")

echo "| upload | reports | upload size | peak RSS after the form | peak RSS after the upload | page | upload's wall |"
echo "|---|---|---|---|---|---|---|"
for folder in "${uploads[@]}"; do
  "$trf" serve --port 0 >"$dir/url" 2>"$dir/err" &
  server=$!
  for _ in $(seq 100); do
    grep -q 'http://' "$dir/url" && break
    sleep 0.1
  done
  url=$(grep -o 'http://[^ ]*' "$dir/url")
  curl -s "$url" >"$dir/form.html"
  token=$(grep -o 'name="token" value="[^"]*"' "$dir/form.html" | sed 's/.*value="//; s/"$//')
  before=$(hwm "$server")
  args=(-F "token=$token")
  for f in "$folder"/*; do args+=(-F "trf=@$f"); done
  out=$(curl -s -o "$dir/page.html" -w '%{http_code} %{time_total}' "${args[@]}" "${url}check")
  status=${out% *}
  wall=${out#* }
  after=$(hwm "$server")
  [ "$status" = 200 ] || {
    echo "$folder: HTTP $status" >&2
    exit 1
  }
  size=$(cat "$folder"/* | wc -c)
  page=$(wc -c <"$dir/page.html")
  printf '| %s | %d | %d kB | %d MB | %d MB | %d kB | %s s |\n' "$(basename "$folder")" \
    "$(ls "$folder" | wc -l)" $((size / 1000)) $((before / 1024)) $((after / 1024)) $((page / 1000)) "$wall"
  stop
done
