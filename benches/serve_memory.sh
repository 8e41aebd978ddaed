#!/usr/bin/env bash
# Peak memory of `trf serve` for one upload of five reports sent together
# (issue 19): the server's peak resident set (VmHWM of /proc/PID/status)
# after it has answered the form, then after it has answered the upload,
# with the size of the upload and of the page it returned.
#
# Two uploads, each to a fresh server:
#
# * real: the five largest reports of ../shared/corpus (36-97 kB);
# * open: five `trf generate --players 500 --rounds 11` reports (seeds 1-5),
#   a large open each.
#
# Not part of CI (it needs curl and ../shared/corpus); run from the
# repository root, on the loopback address only:
#
#   benches/serve_memory.sh [TRF_BINARY]
#
# Without a binary it builds and uses the debug build, as the README's
# figures of `trf serve` do.
set -euo pipefail

trf=${1:-}
if [ -z "$trf" ]; then
  cargo build --quiet
  trf=$(pwd)/target/debug/trf
fi
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

echo "| upload | reports | upload size | peak RSS after the form | peak RSS after the upload | page |"
echo "|---|---|---|---|---|---|"
for kind in real open; do
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
  for f in "$dir/$kind"/*; do args+=(-F "trf=@$f"); done
  status=$(curl -s -o "$dir/page.html" -w '%{http_code}' "${args[@]}" "${url}check")
  after=$(hwm "$server")
  [ "$status" = 200 ] || {
    echo "$kind: HTTP $status" >&2
    exit 1
  }
  size=$(cat "$dir/$kind"/* | wc -c)
  page=$(wc -c <"$dir/page.html")
  printf '| %s | %d | %d kB | %d MB | %d MB | %d kB |\n' "$kind" \
    "$(ls "$dir/$kind" | wc -l)" $((size / 1000)) $((before / 1024)) $((after / 1024)) $((page / 1000))
  stop
done
