// onnx-model.js — writes the two tiny ONNX models the benchmark runs on onnxruntime-web: one
// MatMul, and one com.microsoft MultiHeadAttention. An ONNX model is a protobuf message; the
// few fields needed here are encoded by hand (field numbers from onnx.proto).

const VARINT = 0, BYTES = 2;
const FLOAT = 1; // TensorProto.DataType.FLOAT
const ATTRIBUTE_INT = 2, ATTRIBUTE_FLOAT = 1;

function varint(value) {
  const out = [];
  let v = BigInt(value);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

/** A message: a list of [field, value] with value a number (varint), string or nested bytes. */
function message(fields) {
  const out = [];
  for (const [field, value] of fields) {
    if (value === undefined) continue;
    if (typeof value === 'number' || typeof value === 'bigint') {
      out.push(...varint((field << 3) | VARINT), ...varint(value));
    } else if (value instanceof Float32Array) { // a packed float: fixed32
      out.push(...varint((field << 3) | 5), ...new Uint8Array(value.buffer));
    } else {
      const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
      out.push(...varint((field << 3) | BYTES), ...varint(bytes.length), ...bytes);
    }
  }
  return Uint8Array.from(out);
}

const dimension = (d) => message([[1, d]]); // dim_value
const tensorType = (dims) => message([[1, message([[1, FLOAT], [2, message(dims.map((d) => [1, dimension(d)]))]])]]);
const valueInfo = (name, dims) => message([[1, name], [2, tensorType(dims)]]);
const attribute = (name, value) => Number.isInteger(value)
  ? message([[1, name], [3, value], [20, ATTRIBUTE_INT]])
  : message([[1, name], [2, Float32Array.of(value)], [20, ATTRIBUTE_FLOAT]]);

function model({ node, inputs, outputs, opsets }) {
  const graph = message([
    [1, node],
    [2, 'bench'],
    ...inputs.map(([name, dims]) => [11, valueInfo(name, dims)]),
    ...outputs.map(([name, dims]) => [12, valueInfo(name, dims)]),
  ]);
  return message([
    [1, 8], // ir_version
    [2, 'attention-lab-bench'],
    [7, graph],
    ...opsets.map(([domain, version]) => [8, message([[1, domain], [2, version]])]),
  ]);
}

/** c (m, n) = a (m, k) · b (k, n). */
export function matmulModel(m, k, n) {
  const node = message([[1, 'a'], [1, 'b'], [2, 'c'], [3, 'matmul'], [4, 'MatMul']]);
  return model({ node, inputs: [['a', [m, k]], ['b', [k, n]]], outputs: [['c', [m, n]]], opsets: [['', 13]] });
}

/**
 * MultiHeadAttention (com.microsoft): query (1, n, heads·d), key and value (1, m, heads·d) →
 * output (1, n, heads·d). Causal through `unidirectional` when `causal`, or, with
 * `biasMask`, through an additive attention_bias input (1, 1, n, m).
 */
export function multiHeadAttentionModel({ n, m, d, heads, causal, biasMask = false }) {
  const inputs = [['query', [1, n, heads * d]], ['key', [1, m, heads * d]], ['value', [1, m, heads * d]]];
  const nodeInputs = ['query', 'key', 'value'];
  if (biasMask) {
    nodeInputs.push('', '', 'attention_bias'); // bias, key_padding_mask skipped
    inputs.push(['attention_bias', [1, 1, n, m]]);
  }
  const node = message([
    ...nodeInputs.map((name) => [1, name]),
    [2, 'output'], [3, 'mha'], [4, 'MultiHeadAttention'], [7, 'com.microsoft'],
    [5, attribute('num_heads', heads)],
    ...(causal && !biasMask ? [[5, attribute('unidirectional', 1)]] : []),
  ]);
  return model({
    node, inputs, outputs: [['output', [1, n, heads * d]]],
    opsets: [['', 17], ['com.microsoft', 1]],
  });
}
