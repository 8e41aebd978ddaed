#!/usr/bin/env bash
# The page in the browser (web/, issue 37), measured (not a timed test):
# build times, the module's size (raw and gzipped) and index.html's, and in
# one headless Chromium tab the first verdict after dropping a 300 x 9
# report and after dropping a month of 100 reports (tests/web_page.rs,
# `page_benchmark`). Needs what .ci/web.sh installs. benches/page.md keeps
# the numbers.
#
#   benches/page.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd -P)"
work="$root/target/page-bench"
rm -rf "$work" && mkdir -p "$work/one" "$work/month"

cargo build --bin trf
target/debug/trf generate --players 300 --rounds 9 --seed 1 -o "$work/one/300x9.trf" >/dev/null
target/debug/trf generate --month 2025-03 --reports 100 --seed 1 -o "$work/month" >/dev/null

# Build times: the module (cargo, the `web` profile), wasm-opt, wasm-bindgen
# and the page, as web/build.sh runs them (a warm `target/` unless cleaned).
start=$(date +%s.%N)
web/build.sh "$work/page" | tail -n 1
end=$(date +%s.%N)
echo "web/build.sh: $(echo "$end - $start" | bc) s"
for f in target/wasm32-unknown-unknown/web/trfkit_web.wasm target/web-build/trfkit_web_bg.wasm \
  "$work/page/index.html"; do
  echo "$f: $(wc -c <"$f") bytes, $(gzip -9c "$f" | wc -c) gzipped"
done
echo "reports: one $(du -b "$work/one" | cut -f1) bytes; month $(ls "$work/month" | wc -l) files, $(du -sb "$work/month" | cut -f1) bytes"

TRFKIT_WEB_PAGE="$work/page" TRFKIT_PAGE_BENCH="$work" \
  cargo test --test web_page page_benchmark -- --ignored --nocapture --test-threads 1 2>&1 |
  grep -oE '(page loaded|one report|the month|JavaScript heap).*'
