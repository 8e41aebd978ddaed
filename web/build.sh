#!/usr/bin/env bash
# web/build.sh OUT_DIR: builds trfkit's page that runs in the browser into
# OUT_DIR, with index.html at its root (a contract). The folder can be served
# by any web server or a federation's site as it is, or opened from disk
# (file://): index.html holds the whole page (its script and trfkit's
# WebAssembly module); sw.js keeps it for offline use when it is served over
# http(s).
#
# Needs: the Rust target wasm32-unknown-unknown, the `wasm-bindgen` command
# of the version web/Cargo.toml pins (cargo install wasm-bindgen-cli
# --version X), and binaryen's `wasm-opt` (Debian's `binaryen`). .ci/web.sh
# installs them.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: web/build.sh OUT_DIR" >&2
  exit 2
fi
out="$1"
web="$(cd "$(dirname "$0")" && pwd -P)"
root="$(dirname "$web")"
work="$root/target/web-build"

# The command must be the crate's version: the JavaScript it writes calls
# the module by the crate's conventions.
want="$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$web/Cargo.toml")"
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" != "$want" ]; then
  echo "web/build.sh: needs wasm-bindgen $want (found: ${have:-none}); cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
command -v wasm-opt >/dev/null || { echo "web/build.sh: needs wasm-opt (apt-get install binaryen)" >&2; exit 1; }

cd "$root"
cargo build --locked -p trfkit-web --target wasm32-unknown-unknown --profile web
rm -rf "$work" && mkdir -p "$work"
# wasm-opt before wasm-bindgen: after it, binaryen 108 rewrites the
# externref table that wasm-bindgen sets up and the page fails to start. The
# module's features are those its target_features section names.
wasm-opt -Oz -o "$work/trfkit_web.wasm" \
  "target/wasm32-unknown-unknown/web/trfkit_web.wasm"
wasm-bindgen --target no-modules --no-typescript --out-dir "$work" --out-name trfkit_web \
  "$work/trfkit_web.wasm"

mkdir -p "$out"
# index.html: the template with the module (base64), the worker's script
# (the JavaScript that wasm-bindgen wrote and web/page/worker.js) and the
# page's own script put in.
{
  while IFS= read -r line; do
    case "$line" in
      @WASM@) base64 -w0 "$work/trfkit_web_bg.wasm"; echo ;;
      @GLUE@) cat "$work/trfkit_web.js" ;;
      @WORKER@) cat "$web/page/worker.js" ;;
      @PAGE@) cat "$web/page/page.js" ;;
      *) printf '%s\n' "$line" ;;
    esac
  done <"$web/page/index.html"
} >"$out/index.html.tmp"
mv "$out/index.html.tmp" "$out/index.html"
version="$(sha256sum "$out/index.html" | cut -c1-16)"
sed "s/@VERSION@/$version/" "$web/page/sw.js" >"$out/sw.js"
echo "web/build.sh: $out/index.html ($(wc -c <"$out/index.html") bytes; module $(wc -c <"$work/trfkit_web_bg.wasm") bytes, $(gzip -9c "$work/trfkit_web_bg.wasm" | wc -c) gzipped)"
