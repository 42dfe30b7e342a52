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
  return env.EXAM_PRACTICE_E2E === '1' && (!isPackaged || e2eBuild);
}

/** What a test-mode app did instead of touching the OS, appended to the IPC log for the fixture. */
export type SideEffect =
  | { type: 'side-effect'; effect: 'open-external'; url: string }
  | { type: 'side-effect'; effect: 'notification'; title: string; body: string }
  | {
      type: 'side-effect';
      effect: 'download';
      fileName: string;
      savedTo: string;
    };
