#!/usr/bin/env bash
# Builds the fuzz targets with coverage instrumentation on the stable
# toolchain (no nightly, no cargo-fuzz, no RUSTC_BOOTSTRAP) and runs each
# one for SECONDS (default 60) with libFuzzer, seeded from samples/ and, when
# it exists, ../shared/corpus. Targets run one after another; the last line
# of each says how many inputs it ran. A crash stops nothing: every target
# runs, then the script fails, naming the inputs saved in fuzz/artifacts/.
# Each becomes a regression: copy it to samples/regressions/fuzz/TARGET/
# (tests/fuzz_regressions.rs runs the target's property on it).
#
#   fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd -P)"
seconds="${1:-60}"
shift || true
all=(parse_check fmt_rewrite fmt_never_graver rating_list time_control upload_page period pairings)
targets=("${@:-${all[@]}}")
triple=x86_64-unknown-linux-gnu
# The stable equivalent of `cargo fuzz build`: SanitizerCoverage through
# LLVM's pass, `cfg(fuzzing)` as libfuzzer-sys expects, and the checks of a
# debug build. `--target` keeps build scripts and proc macros out of the
# instrumentation (they run on the host and would not link libFuzzer).
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
# A target directory of its own: other flags would rebuild the library's
# ordinary build in target/ on every switch.
tdir="$root/target/fuzz"
cargo build --manifest-path fuzz/Cargo.toml --target "$triple" --target-dir "$tdir" \
  --release --bins
bin="$tdir/$triple/release"

shared="$root/../shared/corpus"
# Seeds go into the target's own corpus folder (not committed), named by
# their hash so that re-seeding adds nothing twice.
seed() { # seed TARGET PREFIX_BYTE FILE...
  local dir="fuzz/corpus/$1" prefix="$2"
  shift 2
  mkdir -p "$dir"
  local f h
  for f in "$@"; do
    if [ -n "$prefix" ]; then
      h="$( { printf "\\$(printf '%03o' "$prefix")"; cat "$f"; } | sha1sum | cut -c1-16)"
      { printf "\\$(printf '%03o' "$prefix")"; cat "$f"; } >"$dir/$h"
    else
      h="$(sha1sum <"$f" | cut -c1-16)"
      cp "$f" "$dir/$h"
    fi
  done
}
reports=()
while IFS= read -r -d '' f; do reports+=("$f"); done < <(
  find samples -type f -name '*.trf' -print0
  [ -d "$shared" ] && find "$shared" -type f ! -name MANIFEST.tsv -size -256k -print0
)
for t in "${targets[@]}"; do
  # Inputs that once failed (as the fuzzer wrote them).
  if [ -d "samples/regressions/fuzz/$t" ]; then
    seed "$t" "" samples/regressions/fuzz/"$t"/*
  fi
  case "$t" in
    parse_check | fmt_rewrite | fmt_never_graver) seed "$t" "" "${reports[@]}" ;;
    pairings)
      # Swiss reports, and the tournaments of bbpPairings' generator.
      seed "$t" "" "${reports[@]}" tests/fixtures/pairings/*.trf
      ;;
    upload_page)
      # A report alone, and one with a rating list after a NUL byte.
      seed "$t" "" samples/hand/*.trf
      for l in samples/lists/*foa.txt; do
        for r in samples/hand/list-*.trf; do
          f="fuzz/corpus/$t/$( { cat "$r"; printf '\0'; cat "$l"; } | sha1sum | cut -c1-16)"
          { cat "$r"; printf '\0'; cat "$l"; } >"$f"
        done
      done
      ;;
    period)
      # Reports made to be read together, joined by NUL bytes as the
      # target splits them (fuzz_targets/period.rs), and each alone.
      join() { # join FILE...: the files with a NUL byte between each two
        local f first=1
        for f in "$@"; do
          [ "$first" = 1 ] || printf '\0'
          first=0
          cat "$f"
        done
      }
      seed "$t" "" samples/hand/period-*.trf
      for g in a b c d-2022 d-2024 e; do
        set -- samples/hand/period-"$g"-*.trf
        h="$(join "$@" | sha1sum | cut -c1-16)"
        join "$@" >"fuzz/corpus/$t/$h"
      done
      for d in samples/across/*/*/; do
        set -- "$d"*
        h="$(join "$@" | sha1sum | cut -c1-16)"
        join "$@" >"fuzz/corpus/$t/$h"
      done
      ;;
    rating_list)
      # The first byte picks the name (fuzz_targets/rating_list.rs).
      seed "$t" 0 samples/lists/*foa.txt samples/lists/players_list_legacy.txt
      seed "$t" 1 samples/lists/*frl.txt samples/lists/standard_rating_list.txt
      seed "$t" 3 samples/lists/*.xml
      seed "$t" 5 samples/lists/*.zip
      ;;
    time_control)
      mkdir -p fuzz/corpus/time_control
      # Every distinct `122` value of the reports.
      cat "${reports[@]}" 2>/dev/null | tr -d '\r' | grep -a '^122 ' | cut -c5- | sort -u |
        while IFS= read -r v; do
          printf '%s' "$v" >"fuzz/corpus/time_control/$(printf '%s' "$v" | sha1sum | cut -c1-16)"
        done
      ;;
  esac
done

failed=()
for t in "${targets[@]}"; do
  mkdir -p "fuzz/artifacts/$t"
  log="$(mktemp)"
  echo "== $t: ${seconds}s"
  # -rss_limit_mb: an input of at most 64 KiB must never need more;
  # -timeout: every pass is linear, so 10 s for one input is a hang.
  if "$bin/$t" "fuzz/corpus/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$t/" >"$log" 2>&1; then
    :
  else
    failed+=("$t")
    grep -aE 'ERROR|panicked|Test unit written|SUMMARY' "$log" | head -20 >&2 || true
  fi
  execs="$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)"
  echo "$t: ${execs:-?} executions in ${seconds}s"
  rm -f "$log"
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz/run.sh: crashes in ${failed[*]} (inputs in fuzz/artifacts/)" >&2
  exit 1
fi
