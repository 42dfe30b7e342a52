// npm run --silent fake-api -- --port 0 --questions 300 --seed 7 [--rate-per-minute N]
//   [--window-ms N] [--retry-after N] [--daily-limit N] [--omit-fields year,difficulty]
//   [--latency-ms N] [--error-rate R] [--drop-rate R] [--truncate-rate R] [--unstable-order]
//   [--shape full|minimum|varied] [--endless-listing]
// First stdout line: {"baseUrl","cdnUrl","keys":{...}}; serves until SIGTERM/SIGINT.
import { parseArgs } from 'node:util';
import { startFakeApi } from './server.js';
import { WIRE_SHAPES, type WireShape } from './variations.js';

function numberOption(values: Record<string, unknown>, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) {
    console.error(`fake-api: --${name} must be a number`);
    process.exit(2);
  }
  return n;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'cdn-port': { type: 'string' },
    questions: { type: 'string' },
    seed: { type: 'string' },
    'rate-per-minute': { type: 'string' },
    'window-ms': { type: 'string' },
    'retry-after': { type: 'string' },
    'daily-limit': { type: 'string' },
    'monthly-quota': { type: 'string' },
    'omit-fields': { type: 'string' },
    'latency-ms': { type: 'string' },
    'error-rate': { type: 'string' },
    'drop-rate': { type: 'string' },
    'truncate-rate': { type: 'string' },
    'unstable-order': { type: 'boolean' },
    shape: { type: 'string' },
    'endless-listing': { type: 'boolean' },
  },
  strict: true,
});

const defined = <T extends Record<string, unknown>>(object: T): Partial<T> =>
  Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as Partial<T>;

const shape = values.shape;
if (shape !== undefined && !(WIRE_SHAPES as readonly string[]).includes(shape)) {
  console.error(`fake-api: --shape must be one of ${WIRE_SHAPES.join(', ')}`);
  process.exit(2);
}

const api = await startFakeApi(
  defined({
    port: numberOption(values, 'port'),
    cdnPort: numberOption(values, 'cdn-port'),
    questions: numberOption(values, 'questions'),
    seed: numberOption(values, 'seed'),
    ratePerMinute: numberOption(values, 'rate-per-minute'),
    windowMs: numberOption(values, 'window-ms'),
    retryAfter: numberOption(values, 'retry-after'),
    dailyLimit: numberOption(values, 'daily-limit'),
    monthlyQuota: numberOption(values, 'monthly-quota'),
    omitFields: values['omit-fields']?.split(',').filter(Boolean),
    shape: shape as WireShape | undefined,
    faults: defined({
      latencyMs: numberOption(values, 'latency-ms'),
      errorRate: numberOption(values, 'error-rate'),
      dropRate: numberOption(values, 'drop-rate'),
      truncateRate: numberOption(values, 'truncate-rate'),
      unstableOrder: values['unstable-order'],
      endlessListing: values['endless-listing'],
    }),
  }),
);

process.stdout.write(`${JSON.stringify({ baseUrl: api.baseUrl, cdnUrl: api.cdnUrl, keys: api.keys })}\n`);

const stop = () => {
  void api.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
