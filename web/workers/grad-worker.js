// grad-worker.js — the second core's half of data-parallel training. The page hands it one end
// of a MessageChannel (`connect { port }`, over the lab's channel, web/lib/channel.js); on that
// port it answers the training worker's requests for half a batch's gradients
// (web/lib/model/data-parallel.js lists them).

import { loadAttn } from '../lib/attn.js';
import { serve } from '../lib/channel.js';
import { createHalfBatchHandlers } from '../lib/model/data-parallel.js';

const name = 'second training worker';

serve({
  connect: ({ port }) => {
    serve(createHalfBatchHandlers({ loadCore: () => loadAttn({ threads: 1 }) }), { endpoint: port, name });
    return true;
  },
}, { name });
