// native.mjs — the fast kernels built natively from the same C (make -C c bench): once with
// -O3 -march=native and once with -O3 -msse4.2, timed in the same `npm run bench` run. Each row
// puts the WASM figure the page just measured (ours) beside a native build (peer), so the ratio
// is WASM / native. Target: WASM ≥ 0.9× the -msse4.2 build.

import { spawnSync } from 'node:child_process';
import { loadavg, cpus } from 'node:os';

export const name = 'native';

const BUILDS = [
  { binary: 'kernels-native', label: 'native -O3 -march=native' },
  { binary: 'kernels-sse42', label: 'native -O3 -msse4.2', target: 0.9 },
];

/** Each native figure, and the name of the WASM row (from the page) it is compared with. */
const FIGURES = [
  { args: ['gemm', '1024', '64', '1024'], wasmRow: 'matmul 1024×64·64×1024', name: 'matmul 1024×64·64×1024' },
  { args: ['gemm', '512', '512', '512'], wasmRow: 'matmul 512×512·512×512', name: 'matmul 512×512·512×512' },
  { args: ['flash', '1', '1024', '0'], wasmRow: 'attention N=1024 d=64 heads=1', name: 'tiled attention N=1024 d=64 heads=1' },
  { args: ['flash', '8', '1024', '0'], wasmRow: 'attention N=1024 d=64 heads=8', name: 'tiled attention N=1024 d=64 heads=8' },
  { args: ['flash', '1', '1024', '1'], wasmRow: 'attention N=1024 d=64 heads=1 causal', name: 'tiled attention N=1024 d=64 heads=1 causal' },
];

function runNative(root, binary, args) {
  const result = spawnSync(`${root}build/bench/${binary}`, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout).gflops;
}

export async function run({ root, rows = [] }) {
  const make = spawnSync('make', ['-s', '-C', `${root}c`, 'bench'], { stdio: 'inherit' });
  if (make.status !== 0) throw new Error('make -C c bench failed');
  const out = [];
  for (const figure of FIGURES) {
    const wasm = rows.find((r) => r.name === figure.wasmRow && typeof r.ours === 'number')?.ours ?? null;
    // Best of three runs of each build, alternating, as the page does.
    const best = {};
    for (let round = 0; round < 3; round++) {
      for (const build of BUILDS) best[build.binary] = Math.max(best[build.binary] ?? 0, runNative(root, build.binary, figure.args));
    }
    for (const build of BUILDS) {
      const peer = best[build.binary];
      const ratio = wasm === null ? null : wasm / peer;
      out.push({
        name: `${figure.name}: WASM vs native`, ours: wasm, peer, peerName: build.label, ratio, unit: 'GFLOP/s (CPU time)',
        ...(wasm === null ? { status: 'no WASM figure in this run (its case was not run)' } : {}),
        ...(build.target && ratio !== null ? { target: `≥ ${build.target}×`, met: ratio >= build.target } : {}),
      });
    }
  }
  // The machine is shared: say how busy it was, so a reader can weigh the figures.
  out.push({ name: 'load average (1 min) when the native figures were taken', ours: loadavg()[0], peer: cpus().length, peerName: 'cores', ratio: loadavg()[0] / cpus().length, unit: 'runnable tasks' });
  return out;
}
