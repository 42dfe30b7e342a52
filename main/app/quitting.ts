// How the app ends, in one decision: a quit the student asks for (closing the window, Cmd+Q, the
// menu) and the update's "Restart and update". Either way the services save first; then a quit
// installs a downloaded version quietly when the policy allows it, and the restart hands over to the
// installer. From the moment an update's restart is accepted no attempt can start, and a restart is
// refused while an attempt runs. Electron's `before-quit` comes back here while the services close
// (it is prevented) and once they have (it goes through), whoever called `app.quit()`: us, or
// electron-updater's quitAndInstall.
import { BridgeError, type UpdateStatus } from '../../preload/contract.js';
import type { Logger } from '../core/util/logger.js';

export interface QuitDeps {
  /** No attempt starts from now on; settles once every start under way has kept its attempt. */
  closeStarts(): Promise<void>;
  reopenStarts(): void;
  examRunning(): boolean;
  updates: {
    /** Throws exam-running or no-update when "Restart and update" cannot go ahead. */
    assertCanRestart(): Promise<void>;
    installAtQuit(): Promise<boolean>;
    /** Hands over to the installer, which quits the app (electron-updater's quitAndInstall). */
    install(restart: boolean): void;
    status(): Promise<UpdateStatus>;
  };
  /** Saves and closes every service (a running exam's time, pending writes, the worker). */
  closeServices(): Promise<void>;
  /** Electron's app.quit(): emits before-quit again, which now goes through. */
  quit(): void;
  logger: Logger;
  /** How long the installer has to quit the app before the app quits by itself. */
  handOverMs?: number;
}

export type QuitPhase = 'open' | 'closing' | 'closed';

export class QuitSequence {
  private phase: QuitPhase = 'open';

  constructor(private readonly deps: QuitDeps) {}

  get state(): QuitPhase {
    return this.phase;
  }

  /**
   * Electron's `before-quit`: the first one is held (`prevent`) while the services save; the one
   * that comes after, from us or from the installer, goes through.
   */
  beforeQuit(prevent: () => void): void {
    if (this.phase === 'closed') return;
    prevent();
    if (this.phase === 'closing') return;
    this.phase = 'closing';
    void (async () => {
      await this.deps.closeStarts();
      // Asked before closing: a downloaded version installs now unless an exam is left running
      // (it resumes after the restart in the version it started in).
      const install = await this.deps.updates.installAtQuit().catch(() => false);
      await this.closeServices();
      if (install) this.handOver(false);
      else this.deps.quit();
    })();
  }

  /** "Restart and update": refused while an attempt runs; once accepted, nothing new can start. */
  async restartForUpdate(): Promise<UpdateStatus> {
    if (this.phase !== 'open') throw new BridgeError('app-closing');
    this.phase = 'closing';
    await this.deps.closeStarts();
    try {
      if (this.deps.examRunning()) throw new BridgeError('exam-running');
      await this.deps.updates.assertCanRestart();
    } catch (error) {
      this.phase = 'open';
      this.deps.reopenStarts();
      throw error;
    }
    const status = await this.deps.updates.status();
    // The answer reaches the window before it closes; the closing goes on behind it.
    setTimeout(() => {
      void this.closeServices().then(() => this.handOver(true));
    }, 0);
    return status;
  }

  private async closeServices(): Promise<void> {
    await this.deps
      .closeServices()
      .catch((error: unknown) => this.deps.logger.error('close failed', { error: String(error) }));
    this.phase = 'closed';
  }

  /** The installer takes over; should it not quit the app (an installer that failed to start), the app quits anyway. */
  private handOver(restart: boolean): void {
    try {
      this.deps.updates.install(restart);
    } catch (error) {
      this.deps.logger.error('update install failed', { error: String(error) });
    }
    setTimeout(() => this.deps.quit(), this.deps.handOverMs ?? 5_000).unref();
  }
}
