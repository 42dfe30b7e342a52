import { describe, expect, it } from 'vitest';
import {
  canRestartNow,
  CHECK_EVERY_MS,
  checked,
  checking,
  downloaded,
  failed,
  FIRST_RETRY_MS,
  feedChannel,
  initialState,
  installOnQuit,
  retryDelay,
  shouldCheck,
  START_DELAY_MS,
  statusOf,
  type UpdateContext,
} from '../../../../main/core/updates/policy.js';

const T0 = Date.UTC(2026, 10, 23, 9);
const context = (over: Partial<UpdateContext> = {}): UpdateContext => ({
  now: T0,
  preferences: { enabled: true, channel: 'stable' },
  installed: true,
  examRunning: false,
  ...over,
});

describe('when to look for a new version', () => {
  it('shortly after start, then once a day', () => {
    const start = initialState(T0);
    expect(shouldCheck(start, context())).toBe(false);
    expect(shouldCheck(start, context({ now: T0 + START_DELAY_MS }))).toBe(true);
    const none = checked(checking(start), T0 + START_DELAY_MS, null);
    expect(shouldCheck(none, context({ now: T0 + START_DELAY_MS + CHECK_EVERY_MS - 1 }))).toBe(false);
    expect(shouldCheck(none, context({ now: T0 + START_DELAY_MS + CHECK_EVERY_MS }))).toBe(true);
  });

  it('never when the student turned updates off, or in a copy that is not installed', () => {
    const due = context({ now: T0 + CHECK_EVERY_MS });
    expect(shouldCheck(initialState(T0), { ...due, preferences: { enabled: false, channel: 'stable' } })).toBe(false);
    expect(shouldCheck(initialState(T0), { ...due, installed: false })).toBe(false);
  });

  it('backs off on a failing feed: 15 min, 30, 1 h, 2 h… at most a day, and a success resets it', () => {
    expect([1, 2, 3, 4, 10].map(retryDelay)).toEqual([
      FIRST_RETRY_MS,
      2 * FIRST_RETRY_MS,
      4 * FIRST_RETRY_MS,
      8 * FIRST_RETRY_MS,
      CHECK_EVERY_MS,
    ]);
    let state = initialState(T0);
    let now = T0 + START_DELAY_MS;
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      state = failed(checking(state), now, 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND');
      seen.push(state.nextCheckAt - now);
      expect(shouldCheck(state, context({ now: state.nextCheckAt - 1 }))).toBe(false);
      now = state.nextCheckAt;
      expect(shouldCheck(state, context({ now }))).toBe(true);
    }
    expect(seen).toEqual([FIRST_RETRY_MS, 2 * FIRST_RETRY_MS, 4 * FIRST_RETRY_MS]);
    state = checked(checking(state), now, null);
    expect(state.failures).toBe(0);
    expect(state.nextCheckAt).toBe(now + CHECK_EVERY_MS);
  });

  it('no other check while a version downloads or waits to be installed', () => {
    const found = checked(checking(initialState(T0)), T0, '0.2.0');
    expect(found.phase).toBe('downloading');
    expect(shouldCheck(found, context({ now: T0 + 3 * CHECK_EVERY_MS }))).toBe(false);
    expect(shouldCheck(downloaded(found), context({ now: T0 + 3 * CHECK_EVERY_MS }))).toBe(false);
  });
});

describe('never during an exam', () => {
  const ready = downloaded(checked(checking(initialState(T0)), T0, '0.2.0'));

  it('the restart is offered only with no exam running; the screen says the version waits for it', () => {
    expect(canRestartNow(ready, context())).toBe(true);
    expect(canRestartNow(ready, context({ examRunning: true }))).toBe(false);
    expect(statusOf(ready, context({ examRunning: true }), '0.1.0')).toMatchObject({
      phase: 'ready',
      version: '0.2.0',
      canRestart: false,
      waitingForExam: true,
    });
    expect(statusOf(ready, context(), '0.1.0')).toMatchObject({ canRestart: true, waitingForExam: false });
  });

  it('installs at quit only with no exam left running, and with updates on', () => {
    expect(installOnQuit(ready, context())).toBe(true);
    expect(installOnQuit(ready, context({ examRunning: true }))).toBe(false);
    expect(installOnQuit(ready, context({ preferences: { enabled: false, channel: 'stable' } }))).toBe(false);
    expect(installOnQuit(initialState(T0), context())).toBe(false);
  });
});

describe('channels', () => {
  it('stable reads latest*.yml without pre-releases; beta reads beta*.yml and takes them', () => {
    expect(feedChannel('stable')).toEqual({ channel: 'latest', allowPrerelease: false });
    expect(feedChannel('beta')).toEqual({ channel: 'beta', allowPrerelease: true });
  });
});
