// The one entry point of every transport (Electron's IPC, the harness's binding, the tests): a
// channel's arguments validated against its schema, its handler run — after the full catalog has
// loaded, for the channels that need it — and any failure mapped to a serialisable, translatable
// value; refusals and failures written to the main log as the diagnostics read them.
import {
  BridgeError,
  type BridgeErrorValue,
  type Channel,
  type ErrorCode,
  type Responses,
  type Result,
} from '../../preload/contract.js';
import { requestSchemas } from '../../preload/channels/index.js';
import { ApiError } from '../core/api/errors.js';
import { ResultFileError } from '../core/class/result-file.js';
import { ExamError } from '../core/exams/errors.js';
import { PackError } from '../core/packs/format.js';
import { MoodleError } from '../core/packs/moodle.js';
import { PackLockedError, PackNotSealedError } from '../core/packs/registry.js';
import { WrongCodeError } from '../core/packs/seal.js';
import { DataDirLockedError } from '../core/util/data-lock.js';
import type { Logger } from '../core/util/logger.js';
import { InsecureUrlError } from '../core/util/net-policy.js';
import { VaultError } from '../core/vault/vault.js';
import type { Handlers } from './types.js';

/** Maps any failure to a serialisable, translatable value; never a stack trace, never a key. */
export function toBridgeError(error: unknown): BridgeErrorValue {
  if (error instanceof BridgeError) return { code: error.code, params: error.params };
  if (error instanceof ApiError) {
    return {
      code: error.code,
      ...(error.retryAfterMs !== undefined && { params: { retryAfterMs: error.retryAfterMs } }),
    };
  }
  if (error instanceof VaultError) {
    return { code: error.code === 'unreadable' ? 'unreadable-key' : error.code };
  }
  if (error instanceof DataDirLockedError) return { code: 'internal', params: { reason: 'data-dir-locked' } };
  if (error instanceof ExamError) return { code: error.code, params: error.params };
  if (error instanceof PackLockedError) return { code: 'locked-by-exam' };
  if (error instanceof WrongCodeError) return { code: 'wrong-code' };
  if (error instanceof MoodleError) return { code: 'invalid-moodle', params: { reason: error.code, ...error.skipped } };
  if (error instanceof PackNotSealedError) return { code: 'invalid-argument', params: { field: 'id' } };
  if (error instanceof ResultFileError)
    return { code: 'invalid-result', params: { reason: error.code, detail: error.detail.slice(0, 200) } };
  if (error instanceof InsecureUrlError) return { code: 'insecure-url', params: { reason: error.reason } };
  if (error instanceof PackError)
    return { code: 'invalid-pack', params: { reason: error.code, detail: error.detail.slice(0, 200) } };
  return { code: 'internal' };
}

/**
 * Call arguments as a log may keep them: a key typed by the student is never written anywhere, and
 * files being saved are named and sized (a print's PDFs are megabytes; the files themselves are on disk).
 */
export function loggableArgs(channel: string, args: unknown): unknown {
  if (channel === 'keys:connect' && args && typeof args === 'object') return { ...args, apiKey: '[redacted]' };
  if (channel === 'files:save' && args && typeof args === 'object' && 'files' in args && Array.isArray(args.files)) {
    return {
      files: (args.files as { fileName?: unknown; data?: { length?: unknown } }[]).map((file) => ({
        fileName: file.fileName,
        bytes: file.data?.length,
      })),
    };
  }
  return args;
}

/**
 * Refusals that are part of normal use, not errors (the diagnostics list warnings and errors): the
 * exam screen's presence signal (focus, blur) that reaches main just after the attempt ended.
 */
const EXPECTED_REFUSALS: Partial<Record<Channel, readonly ErrorCode[]>> = { 'exam:presence': ['exam-over'] };

/** The one entry point for every transport: validate, run, wrap. */
export async function handle<C extends Channel>(
  handlers: Handlers,
  channel: C,
  rawArgs: unknown,
  logger?: Logger,
): Promise<Result<Responses[C]>> {
  if (!Object.hasOwn(requestSchemas, channel))
    return { ok: false, error: { code: 'invalid-argument', params: { channel: 'unknown' } } };
  const parsed = requestSchemas[channel].safeParse(rawArgs);
  if (!parsed.success) {
    return {
      ok: false,
      error: { code: 'invalid-argument', params: { field: parsed.error.issues[0]?.path.join('.') ?? '' } },
    };
  }
  try {
    const handler = handlers[channel] as (args: unknown) => Promise<Responses[C]>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    const value = toBridgeError(error);
    if (value.code === 'internal')
      logger?.error(`${channel} failed`, { error: error instanceof Error ? error.message : String(error) });
    else if (EXPECTED_REFUSALS[channel]?.includes(value.code)) logger?.info(`${channel} refused`, { code: value.code });
    // A refusal's code only (its parameters may name a file or a field a student typed): diagnostics.
    else logger?.warn(`${channel} refused`, { code: value.code });
    return { ok: false, error: value };
  }
}
