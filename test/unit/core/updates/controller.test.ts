// The update cycle over a feed that answers as electron-updater does (the Electron boundary, which
// cannot run here): what the student sees, and that nothing installs while an exam runs.
import { describe, expect, it } from 'vitest';
import type { UpdateChannel, UpdateStatus } from '../../../../preload/contract.js';
import { UpdateController, type UpdateFeed } from '../../../../main/core/updates/controller.js';
import { START_DELAY_MS } from '../../../../main/core/updates/policy.js';

function world(options: { newer?: string | null; fails?: boolean } = {}) {
  const clock = { now: Date.UTC(2026, 10, 23, 9) };
  const calls: { checked: UpdateChannel[]; installed: boolean[] } = { checked: [], installed: [] };
  let finish: () => void = () => undefined;
  const feed: UpdateFeed = {
    check: (channel) => {
      calls.checked.push(channel);
      if (options.fails) return Promise.reject(Object.assign(new Error('feed down'), { code: 'ERR_UPDATER_NET' }));
      if (!options.newer) return Promise.resolve(null);
      return Promise.resolve({ version: options.newer, download: new Promise<void>((r) => (finish = r)) });
    },
    install: (restart) => calls.installed.push(restart),
  };
  const exam = { running: false };
  const prefs = { enabled: true, channel: 'stable' as UpdateChannel };
  const seen: UpdateStatus[] = [];
  const controller = new UpdateController({
    feed,
    now: () => clock.now,
    preferences: () => Promise.resolve({ ...prefs }),
    examRunning: () => exam.running,
    currentVersion: '0.1.0',
    onChange: (status) => seen.push(status),
  });
  return { controller, clock, calls, exam, prefs, seen, finishDownload: () => finish() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the update cycle', () => {
  it('checks when due, downloads in the background, offers the restart, installs when asked', async () => {
    const w = world({ newer: '0.2.0' });
    await w.controller.tick();
    expect(w.calls.checked).toEqual([]); // not in the first seconds
    w.clock.now += START_DELAY_MS;
    await w.controller.tick();
    expect(w.calls.checked).toEqual(['stable']);
    expect(await w.controller.status()).toMatchObject({ phase: 'downloading', version: '0.2.0', canRestart: false });
    w.finishDownload();
    await settle();
    expect(w.seen.at(-1)).toMatchObject({ phase: 'ready', canRestart: true });
    await w.controller.assertCanRestart();
    w.controller.install(true);
    expect(w.calls.installed).toEqual([true]);
  });

  it('never while an exam runs: no restart, refused when asked, not installed at a quit that leaves it', async () => {
    const w = world({ newer: '0.2.0' });
    w.clock.now += START_DELAY_MS;
    await w.controller.tick();
    w.finishDownload();
    await settle();
    w.exam.running = true;
    expect(await w.controller.status()).toMatchObject({ phase: 'ready', canRestart: false, waitingForExam: true });
    await expect(w.controller.assertCanRestart()).rejects.toMatchObject({ code: 'exam-running' });
    expect(await w.controller.installAtQuit()).toBe(false);
    expect(w.calls.installed).toEqual([]);
    w.exam.running = false;
    expect(await w.controller.installAtQuit()).toBe(true);
    w.controller.install(false);
    expect(w.calls.installed).toEqual([false]); // quietly, without reopening
  });

  it('honours the opt-out (a manual check still works), and the channel', async () => {
    const w = world({ newer: null });
    w.prefs.enabled = false;
    w.clock.now += 10 * START_DELAY_MS;
    await w.controller.tick();
    expect(w.calls.checked).toEqual([]);
    w.prefs.channel = 'beta';
    expect(await w.controller.checkNow()).toMatchObject({ phase: 'idle', enabled: false, channel: 'beta' });
    expect(w.calls.checked).toEqual(['beta']);
    await expect(w.controller.assertCanRestart()).rejects.toMatchObject({ code: 'no-update' });
  });

  it('a failing feed says why and waits longer each time', async () => {
    const w = world({ fails: true });
    w.clock.now += START_DELAY_MS;
    await w.controller.tick();
    expect(await w.controller.status()).toMatchObject({ phase: 'error', error: 'ERR_UPDATER_NET' });
    await w.controller.tick(); // not due again yet
    expect(w.calls.checked).toHaveLength(1);
  });

  it('a copy that cannot update itself says so and checks nothing', async () => {
    const withoutFeed = (unsigned: boolean) =>
      new UpdateController({
        feed: null,
        now: () => 0,
        preferences: () => Promise.resolve({ enabled: true, channel: 'stable' }),
        examRunning: () => false,
        currentVersion: '0.1.0',
        onChange: () => undefined,
        unsigned,
      });
    const controller = withoutFeed(false);
    expect(await controller.checkNow()).toMatchObject({ supported: false, unsupported: 'development', phase: 'idle' });
    // An unsigned macOS build: Squirrel.Mac would refuse the update, so it says that instead.
    const unsigned = withoutFeed(true);
    expect(await unsigned.status()).toMatchObject({ supported: false, unsupported: 'unsigned' });
    await expect(unsigned.assertCanRestart()).rejects.toMatchObject({ code: 'no-update' });
  });
});

describe('overlapping asks', () => {
  it('the timer and "Check now" clicked twice at once ask the feed once, and all see its answer', async () => {
    const w = world({ newer: null });
    w.clock.now += START_DELAY_MS;
    const [a, b] = await Promise.all([w.controller.checkNow(), w.controller.checkNow(), w.controller.tick()]);
    expect(w.calls.checked).toEqual(['stable']);
    expect(a).toMatchObject({ phase: 'idle' });
    expect(b).toMatchObject({ phase: 'idle' });
  });
});
