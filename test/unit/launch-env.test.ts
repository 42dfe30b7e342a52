// What the Electron e2e project launches the app with: every option it honours, a clean
// environment, and a clear error for what only the harness can do (the Electron binary
// cannot run here; this is the part that can be checked without it).
import { describe, expect, it } from 'vitest';
import { electronEnv } from '../support/launch-app.js';

const paths = { dataDir: '/tmp/profile', ipcLog: '/tmp/profile/ipc-log.jsonl' };

describe('the Electron launch environment', () => {
  it('passes the profile, the IPC log, the exam clock speed and the rate window', () => {
    const env = electronEnv({ clockSpeed: 60, rateWindowMs: 1000 }, paths, { PATH: '/usr/bin' });
    expect(env).toEqual({
      PATH: '/usr/bin',
      EXAM_PRACTICE_E2E: '1',
      EXAM_PRACTICE_DATA_DIR: '/tmp/profile',
      EXAM_PRACTICE_IPC_LOG: '/tmp/profile/ipc-log.jsonl',
      EXAM_PRACTICE_CLOCK_SPEED: '60',
      EXAM_PRACTICE_RATE_WINDOW_MS: '1000',
    });
  });

  it('drops ELECTRON_RUN_AS_NODE and stray EXAM_PRACTICE_* variables of the shell', () => {
    const env = electronEnv({}, paths, {
      HOME: '/root',
      ELECTRON_RUN_AS_NODE: '1',
      EXAM_PRACTICE_CLOCK_SPEED: '1000',
      EXAM_PRACTICE_DATA_DIR: '/home/ana/real-profile',
    });
    expect(env).toEqual({
      HOME: '/root',
      EXAM_PRACTICE_E2E: '1',
      EXAM_PRACTICE_DATA_DIR: '/tmp/profile',
      EXAM_PRACTICE_IPC_LOG: '/tmp/profile/ipc-log.jsonl',
    });
  });

  it('refuses a harness-only option with a message that says what to do', () => {
    expect(() => electronEnv({ storageSecurity: 'weak' }, paths, {})).toThrow(/harness only.*test\.skip/);
  });
});

describe('Electron e2e test mode', () => {
  it('is honoured by a development tree and the packaged e2e build, never by a release build', async () => {
    const { testModeEnabled } = await import('../../main/test-mode.js');
    const on = { EXAM_PRACTICE_E2E: '1' };
    expect(testModeEnabled({ env: on, isPackaged: false, e2eBuild: false })).toBe(true);
    expect(testModeEnabled({ env: on, isPackaged: true, e2eBuild: true })).toBe(true);
    expect(testModeEnabled({ env: on, isPackaged: true, e2eBuild: false })).toBe(false);
    expect(testModeEnabled({ env: {}, isPackaged: false, e2eBuild: false })).toBe(false);
  });

  it('a release build ignores every testers’ variable: no fast exam clock, no rate window, no IPC log in clear', async () => {
    const { testHooks } = await import('../../main/test-mode.js');
    const env = {
      EXAM_PRACTICE_CLOCK_SPEED: '60000',
      EXAM_PRACTICE_RATE_WINDOW_MS: '1000',
      EXAM_PRACTICE_IPC_LOG: '/tmp/everything.jsonl',
    };
    expect(testHooks({ env, isPackaged: true, e2eBuild: false })).toEqual({});
    const hooks = { examClockSpeed: 60000, rateWindowMs: 1000, ipcLogPath: '/tmp/everything.jsonl' };
    expect(testHooks({ env, isPackaged: false, e2eBuild: false })).toEqual(hooks);
    expect(testHooks({ env, isPackaged: true, e2eBuild: true })).toEqual(hooks);
    // Nonsense values are no hooks at all.
    expect(testHooks({ env: { EXAM_PRACTICE_CLOCK_SPEED: 'fast' }, isPackaged: false, e2eBuild: false })).toEqual({});
  });

  it('main reads the testers’ variables only through that decision', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync('main/index.ts', 'utf8');
    for (const name of ['EXAM_PRACTICE_CLOCK_SPEED', 'EXAM_PRACTICE_RATE_WINDOW_MS', 'EXAM_PRACTICE_IPC_LOG'])
      expect(source, name).not.toContain(name);
  });

  it('only the e2e packaging config marks its build as the e2e one', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync('electron-builder.e2e.yml', 'utf8')).toMatch(/extraMetadata:\s+examPracticeE2eBuild: true/);
    expect(readFileSync('electron-builder.yml', 'utf8')).not.toContain('examPracticeE2eBuild');
  });
});
