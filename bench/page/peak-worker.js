// peak-worker.js — one thread of the machine-peak measurement (bench/page/peak.js): instantiates
// the multiply-add loop of bench/wasm/peak.c from the compiled module it is sent, then times one
// call of `iterations` iterations per request by its own clock and answers the seconds.

let madd = null;

self.onmessage = ({ data }) => {
  if (data.module) {
    madd = new WebAssembly.Instance(data.module, {}).exports.attn_peak_madd;
    self.postMessage({ ready: true });
    return;
  }
  const start = performance.now();
  const sum = madd(data.iterations, 0.9, 0.1);
  self.postMessage({ seconds: (performance.now() - start) / 1000, finite: Number.isFinite(sum) });
};
