#!/usr/bin/env bash
# CI for the page that runs in the browser (web/, issue 37): the library
# without its operating-system parts checked for WebAssembly, the page built
# by web/build.sh, and driven in headless Chromium (tests/web_page.rs): files
# chosen and dropped, verdicts read, reports downloaded, its JSON equal to
# `trf check --format json` on every sample, nothing fetched after load, and
# offline after the first load. Installs what it needs on a fresh machine:
# the Rust target, Debian's chromium, chromium-driver and binaryen, and
# wasm-bindgen-cli of the version web/Cargo.toml pins (about 7 minutes to
# build, only when it is missing or of another version).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd -P)"
export CARGO_TERM_COLOR=never

rustup target add wasm32-unknown-unknown >/dev/null
. .ci/need.sh
need chromium chromium chromedriver chromium-driver wasm-opt binaryen
want="$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' web/Cargo.toml)"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
  # Not --locked: the tool's own lock file names a crate version the index
  # no longer has.
  cargo install wasm-bindgen-cli --version "$want"
fi

# The core with no operating system under it: nothing behind `fs`.
cargo check -p trfkit --no-default-features --target wasm32-unknown-unknown
cargo clippy -p trfkit-web --target wasm32-unknown-unknown -- -D warnings

page="$root/target/web-page"
rm -rf "$page"
web/build.sh "$page"
TRFKIT_WEB_PAGE="$page" cargo test --test web_page
