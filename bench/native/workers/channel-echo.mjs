// channel-echo.mjs — the far end of bench/native/channel.mjs, in a worker thread (in a folder
// apart, since bench/run.mjs imports every bench/native/*.mjs): it answers a data-parallel step's
// message (parameters out, gradients of the same size back, transferred) on two ports, once over
// the lab's channel (web/lib/channel.js) and once over the bare port.
import { parentPort } from 'node:worker_threads';
import { serve, transfer } from '../../../web/lib/channel.js';

parentPort.once('message', ({ channelPort, barePort }) => {
  serve({ grads: ({ params }) => transfer({ loss: 1, grads: params }, [params.buffer]) }, { endpoint: channelPort, name: 'echo' });
  barePort.on('message', ({ params }) => barePort.postMessage({ type: 'grads', loss: 1, grads: params }, [params.buffer]));
});
