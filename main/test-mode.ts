// Electron's e2e test mode (EXAM_PRACTICE_E2E=1): a keychain-free secret store, OS side effects
// recorded instead of performed, and start-up failures printed instead of shown in a modal that
// would hang under xvfb. Honoured only by a development tree or the packaged e2e build, never by a
// release build, so no student's app can be switched to a weaker key store by an environment variable.
// Pure: decided from plain values (unit-tested), applied in main/index.ts.

export interface TestModeInputs {
  env: NodeJS.ProcessEnv;
  /** `app.isPackaged`. */
  isPackaged: boolean;
  /** The packaged app's package.json says it is the e2e build (electron-builder.e2e.yml extraMetadata). */
  e2eBuild: boolean;
}

export function testModeEnabled({ env, isPackaged, e2eBuild }: TestModeInputs): boolean {
  return env.EXAM_PRACTICE_E2E === '1' && testBuild({ isPackaged, e2eBuild });
}

/** A development tree or the packaged e2e build: the only builds that take testers' hooks. */
function testBuild({ isPackaged, e2eBuild }: Omit<TestModeInputs, 'env'>): boolean {
  return !isPackaged || e2eBuild;
}

/** What the testers' variables ask for, once a test build has accepted them. */
export interface TestHooks {
  /** EXAM_PRACTICE_IPC_LOG: every bridge call and event, payloads in clear, appended to this file. */
  ipcLogPath?: string;
  /** EXAM_PRACTICE_CLOCK_SPEED: the exam clock runs this many times faster. */
  examClockSpeed?: number;
  /** EXAM_PRACTICE_RATE_WINDOW_MS: the rate-limit window to assume (a fake API with a short window). */
  rateWindowMs?: number;
}

/**
 * The testers' variables, honoured only by a test build: a release build ignores them all, so no
 * variable can make a student's exam clock run fast, stretch a rate window, or write every payload
 * (keys of a finished exam, notes) in clear to a file.
 */
export function testHooks({ env, isPackaged, e2eBuild }: TestModeInputs): TestHooks {
  if (!testBuild({ isPackaged, e2eBuild })) return {};
  const speed = Number(env.EXAM_PRACTICE_CLOCK_SPEED);
  const window = Number(env.EXAM_PRACTICE_RATE_WINDOW_MS);
  return {
    ...(env.EXAM_PRACTICE_IPC_LOG && { ipcLogPath: env.EXAM_PRACTICE_IPC_LOG }),
    ...(Number.isFinite(speed) && speed > 1 && { examClockSpeed: speed }),
    ...(Number.isFinite(window) && window > 0 && { rateWindowMs: window }),
  };
}

/** What a test-mode app did instead of touching the OS, appended to the IPC log for the fixture. */
export type SideEffect =
  | { type: 'side-effect'; effect: 'open-external'; url: string }
  | { type: 'side-effect'; effect: 'notification'; title: string; body: string };
