#!/usr/bin/env bash
# build.sh — the one build entry. Installs what is missing, compiles the C core to WebAssembly,
# and builds the site into dist/. Each stage runs only when its inputs changed, so a second run
# with nothing changed does nothing and takes seconds.
#
#   bash build.sh          what `npm start` needs: emscripten, npm packages, WASM, dist/
#   bash build.sh --test   also what `npm test` needs: gcc/ASan, chromium, native test binaries
#   bash build.sh --bench  also the benchmark's site (build/bench-site/), which `npm run bench` serves
#                          in chromium (installed too: a fresh machine has none)
set -euo pipefail
cd "$(dirname "$0")"

want_tests=0
want_bench=0
[ "${1:-}" = "--test" ] && want_tests=1
[ "${1:-}" = "--bench" ] && want_bench=1

say() { printf '[build] %s\n' "$*"; }

# ---------------------------------------------------------------- Debian packages
# command → package that provides it
packages_needed=()
need() { command -v "$1" >/dev/null 2>&1 || packages_needed+=("$2"); }
need make make
need emcc emscripten
# The benchmark, like the browser tests, drives the page in headless Chromium.
if [ "$want_tests" = 1 ] || [ "$want_bench" = 1 ]; then need chromium chromium; fi
if [ "$want_tests" = 1 ]; then
  need gcc gcc
  need clang clang
  need valgrind valgrind
  # libFuzzer's runtime for clang 14 (the fuzz targets link it)
  ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || packages_needed+=(libclang-rt-14-dev)
fi
if [ "${#packages_needed[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    say "installing Debian packages: ${packages_needed[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages_needed[@]}" >/dev/null
  else
    echo "The lab needs these Debian packages: ${packages_needed[*]}" >&2
    echo "Install them with:  sudo apt-get update && sudo apt-get install -y ${packages_needed[*]}" >&2
    exit 1
  fi
fi

# ---------------------------------------------------------------- npm packages
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi

# ---------------------------------------------------------------- C core
# make rebuilds only what changed (each flavour's objects once, then the programs that link
# them); -s keeps an up-to-date run silent; -j uses every core.
jobs="$(nproc 2>/dev/null || echo 2)"
say "C core → WebAssembly"
make -s -j"$jobs" -C c wasm
if [ "$want_tests" = 1 ]; then
  say "C core → test WebAssembly, native tests (AddressSanitizer + UBSan) and fuzz targets (libFuzzer)"
  make -s -j"$jobs" -C c test-wasm tests runner fuzz memcheck
fi

# ---------------------------------------------------------------- site
# dist/ is the one folder a course author serves (and what the npm package holds): the pages,
# attention-lab.js and everything it loads; then, from the widgets' declarations, the
# custom-elements manifest, the TypeScript types and the element reference (docs/elements/,
# committed: the widgets' declarations and their prose); last, the service worker, which precaches
# every file the lab serves under a version made from their contents.
site_inputs=(web types vite.config.js package.json package-lock.json scripts/custom-elements.mjs scripts/element-types.mjs scripts/element-docs.mjs scripts/service-worker.mjs scripts/lib)
stamp=dist/.build-stamp
if [ ! -f "$stamp" ] || [ -n "$(find "${site_inputs[@]}" -newer "$stamp" -print -quit)" ]; then
  say "site → dist/ (vite build, custom-elements.json, types, element reference, service worker)"
  npx vite build --logLevel warn
  node scripts/custom-elements.mjs dist
  node scripts/element-types.mjs dist
  node scripts/element-docs.mjs docs/elements
  node scripts/service-worker.mjs dist
  touch "$stamp"
else
  say "site is up to date"
fi

if [ "$want_bench" = 1 ]; then
  # The machine-peak loop (bench only, never in dist/): one small module, the core's flags.
  peak_wasm=bench/page/generated/peak.wasm
  mkdir -p bench/page/generated
  if [ ! -f "$peak_wasm" ] || [ bench/wasm/peak.c -nt "$peak_wasm" ]; then
    say "machine-peak loop → $peak_wasm"
    NODE_PATH=/usr/share/nodejs emcc -std=c11 -Wall -Wextra -O3 -msimd128 --no-entry -sSTANDALONE_WASM \
      -sINITIAL_MEMORY=1MB -sTOTAL_STACK=64KB -sEXPORTED_FUNCTIONS=_attn_peak_madd,_attn_peak_flops_per_iteration \
      bench/wasm/peak.c -o "$peak_wasm"
  fi
  bench_stamp=build/bench-site/.build-stamp
  if [ ! -f "$bench_stamp" ] || [ -n "$(find web bench/page reference vite.config.js package-lock.json -newer "$bench_stamp" -print -quit)" ]; then
    say "benchmark site → build/bench-site/ (vite build --mode bench)"
    npx vite build --mode bench --logLevel warn
    touch "$bench_stamp"
  fi
fi

# ---------------------------------------------------------------- size budget
# The embed bundle (attention-lab.js and its static imports) plus the WASM core, gzipped, must
# stay within 300 KB; Chart.js, workers and other on-demand chunks are listed but not counted.
say "size report"
node scripts/size-report.mjs
