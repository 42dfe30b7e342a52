// The errors every channel may answer with: their codes, their value across the bridge, and reading one back.

export const ERROR_CODES = [
  'invalid-argument',
  'unauthorized',
  'forbidden',
  'not-found',
  'rate-limited',
  'quota-exhausted',
  'network',
  'timeout',
  'server',
  'invalid-response',
  'redirect-refused',
  'cancelled',
  'bad-request',
  'not-an-api',
  'insecure-storage',
  'no-key',
  'unreadable-key',
  'sync-running',
  'invalid-pack',
  'invalid-result',
  'wrong-code',
  'invalid-moodle',
  'sealed-pack',
  'empty-selection',
  'exam-running',
  'app-closing',
  'already-graded',
  'no-update',
  'exam-over',
  'no-questions',
  'not-enough-questions',
  'locked-by-exam',
  'external-url-refused',
  'insecure-url',
  'save-failed',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface BridgeErrorValue {
  code: ErrorCode;
  params?: Record<string, string | number>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorValue };

export class BridgeError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    // contextBridge copies only an error's message across worlds: the value rides in it.
    super(JSON.stringify({ code, params }));
    this.name = 'BridgeError';
  }
}

/** Reads a bridge error back on the renderer side, whatever world it crossed. */
export function readBridgeError(error: unknown): BridgeErrorValue {
  const message = error instanceof Error ? error.message : String(error);
  try {
    const value = JSON.parse(message) as Partial<BridgeErrorValue>;
    if (typeof value.code === 'string' && (ERROR_CODES as readonly string[]).includes(value.code)) {
      return { code: value.code, params: value.params ?? {} };
    }
  } catch {
    // not one of ours
  }
  return { code: 'internal', params: {} };
}
