// The decoding worker as the harness and the CLI run it (a forked Node process), for tests that
// read files from outside through the same process boundary the app uses.
import { DEFAULT_LIMITS, DecodingWorker, type WorkerLimits } from '../../main/core/worker/client.js';
import { Decoder } from '../../main/core/worker/decoder.js';
import { forkWorker } from '../../main/core/worker/node-spawn.js';

export function workerDecoder(limits: Partial<WorkerLimits> = {}): Decoder {
  return new Decoder(new DecodingWorker(forkWorker(), { ...DEFAULT_LIMITS, ...limits }));
}
