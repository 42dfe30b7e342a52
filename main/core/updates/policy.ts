// When the app looks for a new version, what it does with one, and what it says — decided here,
// away from Electron, so that every rule is unit-tested: check on start and daily; back off on a
// failing feed; download in the background; install on quit or when the student says, never while
// an exam runs (no restart offer during an attempt, no install at a quit that leaves one running).
import type { UpdateChannel, UpdateStatus } from '../../../preload/contract.js';

export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
/** After a failed check: 15 min, 30, 1 h, 2 h… never more than a day. */
export const FIRST_RETRY_MS = 15 * 60 * 1000;
/** A check right at start would compete with the app opening: it waits this long. */
export const START_DELAY_MS = 30 * 1000;

export interface UpdatePreferences {
  enabled: boolean;
  channel: UpdateChannel;
}

export interface UpdateState {
  phase: 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** The version offered (downloading or ready). */
  version: string | null;
  lastCheckAt: number | null;
  /** Failed checks in a row. */
  failures: number;
  nextCheckAt: number;
  /** The last failure's short reason (an error code, never a URL with a token). */
  error: string | null;
}

export const initialState = (startedAt: number): UpdateState => ({
  phase: 'idle',
  version: null,
  lastCheckAt: null,
  failures: 0,
  nextCheckAt: startedAt + START_DELAY_MS,
  error: null,
});

export interface UpdateContext {
  now: number;
  preferences: UpdatePreferences;
  /** An installed copy (a development tree or the harness never updates itself). */
  installed: boolean;
  /** An installed macOS copy without a signature: it cannot update itself (Squirrel.Mac refuses). */
  unsigned?: boolean;
  examRunning: boolean;
}

export const retryDelay = (failures: number) =>
  Math.min(CHECK_EVERY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));

/** Whether to look for a new version now. */
export function shouldCheck(state: UpdateState, context: UpdateContext): boolean {
  if (!context.preferences.enabled || !context.installed) return false;
  // A version already on its way or waiting to be installed needs no other check.
  if (state.phase === 'checking' || state.phase === 'downloading' || state.phase === 'ready') return false;
  return context.now >= state.nextCheckAt;
}

export const checking = (state: UpdateState): UpdateState => ({ ...state, phase: 'checking', error: null });

/** A check answered: a newer version downloads in the background; none, the next check in a day. */
export function checked(state: UpdateState, now: number, newer: string | null): UpdateState {
  return {
    ...state,
    phase: newer ? 'downloading' : 'idle',
    version: newer,
    lastCheckAt: now,
    failures: 0,
    nextCheckAt: now + CHECK_EVERY_MS,
    error: null,
  };
}

export const downloaded = (state: UpdateState): UpdateState => ({ ...state, phase: 'ready' });

/** A check or a download failed: try again later, each time later, at most a day apart. */
export function failed(state: UpdateState, now: number, reason: string): UpdateState {
  const failures = state.failures + 1;
  return { ...state, phase: 'error', version: null, failures, nextCheckAt: now + retryDelay(failures), error: reason };
}

/** The student may restart into the new version now: it is here and no exam runs. */
export const canRestartNow = (state: UpdateState, context: UpdateContext) =>
  state.phase === 'ready' && !context.examRunning;

/**
 * Install at this quit: a downloaded version, updates on, and no attempt running (a running exam
 * resumes after the restart in the same version it started in).
 */
export const installOnQuit = (state: UpdateState, context: UpdateContext) =>
  state.phase === 'ready' && context.preferences.enabled && !context.examRunning;

/** What Settings shows. */
export function statusOf(state: UpdateState, context: UpdateContext, currentVersion: string): UpdateStatus {
  return {
    supported: context.installed,
    unsupported: context.installed ? null : context.unsigned ? 'unsigned' : 'development',
    enabled: context.preferences.enabled,
    channel: context.preferences.channel,
    currentVersion,
    phase: state.phase,
    version: state.version,
    lastCheckAt: state.lastCheckAt,
    canRestart: canRestartNow(state, context),
    // While an exam runs the ready version waits, and the screen says why.
    waitingForExam: state.phase === 'ready' && context.examRunning,
    error: state.error,
  };
}

/** electron-updater's channel file and pre-release switch for the student's channel. */
export const feedChannel = (channel: UpdateChannel) =>
  channel === 'beta' ? { channel: 'beta', allowPrerelease: true } : { channel: 'latest', allowPrerelease: false };
