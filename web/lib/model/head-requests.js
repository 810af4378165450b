// model/head-requests.js — the training worker's requests for reading a model's heads (served
// by training-session.js beside its own): each measures the current model with the core, in the
// worker, reporting progress as { done, total } while it runs.
//
//   heads { windows, seed }        every head over many validation windows (model.headStats)
//   ablate { layer, head, mode }   the validation loss with one head knocked out (model.ablate)
//   ablateAll { mode }             every head knocked out in turn, sorted (model.ablateAll)
//   headHistory                    the record of the heads at each evaluation (model.headHistory)
//   patch { clean, corrupted, metric, over }   activation patching (model.patch)

/** The requests, over `current()`, the session's model (never null when they run). */
export function headRequests(current) {
  const reporter = (progress) => (progress ? (done, total) => progress({ done, total }) : undefined);
  return {
    heads: ({ windows, seed }, { progress } = {}) => current().headStats({ windows, seed, onProgress: reporter(progress) }),
    ablate: ({ layer, head, mode }) => current().ablate({ layer, head, mode }),
    ablateAll: ({ mode }, { progress } = {}) => current().ablateAll({ mode, onProgress: reporter(progress) }),
    headHistory: () => current().headHistory,
    patch: ({ clean, corrupted, metric, over }, { progress } = {}) => current().patch({ clean, corrupted, metric, over, onProgress: reporter(progress) }),
  };
}
