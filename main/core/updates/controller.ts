// The update cycle over a feed (electron-updater in the app; none in a development tree or the
// harness): checks when the policy says, follows the download, offers the restart only when no exam
// runs, and answers at quit whether to install. Every decision is policy.ts's.
import { BridgeError, type UpdateChannel, type UpdateStatus } from '../../../preload/contract.js';
import {
  canRestartNow,
  checked,
  checking,
  downloaded,
  failed,
  initialState,
  installOnQuit,
  shouldCheck,
  statusOf,
  type UpdateContext,
  type UpdatePreferences,
  type UpdateState,
} from './policy.js';

/** What the app's updater does: electron-updater verifies the download's signature and checksum. */
export interface UpdateFeed {
  /**
   * Asks the feed of `channel`; when a newer version is there, its download starts and `download`
   * settles once it is on disk and verified.
   */
  check(channel: UpdateChannel): Promise<{ version: string; download: Promise<unknown> } | null>;
  /** Quits and installs the downloaded version; `restart`: the app opens again in it. */
  install(restart: boolean): void;
}

export interface UpdateControllerDeps {
  /** Null where the app cannot update itself (development, harness). */
  feed: UpdateFeed | null;
  now: () => number;
  preferences: () => Promise<UpdatePreferences>;
  examRunning: () => boolean;
  currentVersion: string;
  onChange: (status: UpdateStatus) => void;
  /** An installed but unsigned macOS copy: no feed, and the screen says why. */
  unsigned?: boolean;
}

/** A failure's short reason for the screen and the log: its code when it has one. */
const reasonOf = (error: unknown) =>
  (error as { code?: unknown } | null)?.code?.toString().slice(0, 60) ??
  (error instanceof Error ? error.name : 'error');

export class UpdateController {
  private state: UpdateState;
  /** The check under way: overlapping asks (the timer, "Check now" clicked twice) share it. */
  private inFlight: Promise<void> | null = null;

  constructor(private readonly deps: UpdateControllerDeps) {
    this.state = initialState(deps.now());
  }

  private async context(): Promise<UpdateContext> {
    return {
      now: this.deps.now(),
      preferences: await this.deps.preferences(),
      installed: this.deps.feed !== null,
      unsigned: this.deps.unsigned === true,
      examRunning: this.deps.examRunning(),
    };
  }

  private async set(next: UpdateState) {
    this.state = next;
    this.deps.onChange(await this.status());
  }

  async status(): Promise<UpdateStatus> {
    return statusOf(this.state, await this.context(), this.deps.currentVersion);
  }

  /** The timer's call (on start, then every few minutes): checks when one is due. */
  async tick(): Promise<void> {
    if (shouldCheck(this.state, await this.context())) await this.run();
  }

  /** "Check now": the student asks, whenever the feed is there (even with automatic checks off). */
  async checkNow(): Promise<UpdateStatus> {
    const { phase } = this.state;
    if (this.deps.feed && phase !== 'checking' && phase !== 'downloading' && phase !== 'ready') await this.run();
    return this.status();
  }

  /** Whether "Restart and update" may go ahead now: refused while an exam runs, or with nothing downloaded. */
  async assertCanRestart(): Promise<void> {
    const context = await this.context();
    if (context.examRunning) throw new BridgeError('exam-running');
    if (!canRestartNow(this.state, context) || !this.deps.feed) throw new BridgeError('no-update');
  }

  /** At quit: install the downloaded version now? Never when it would leave an exam behind. */
  async installAtQuit(): Promise<boolean> {
    return installOnQuit(this.state, await this.context());
  }

  /**
   * Hands over to the installer once the services have closed (app/quitting.ts decides when):
   * `restart` for "Restart and update", quietly at a quit otherwise.
   */
  install(restart: boolean): void {
    this.deps.feed?.install(restart);
  }

  private run(): Promise<void> {
    this.inFlight ??= this.check().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async check() {
    const feed = this.deps.feed;
    if (!feed) return;
    const { channel } = await this.deps.preferences();
    await this.set(checking(this.state));
    try {
      const found = await feed.check(channel);
      await this.set(checked(this.state, this.deps.now(), found?.version ?? null));
      if (found)
        void found.download.then(
          () => this.set(downloaded(this.state)),
          (error: unknown) => this.set(failed(this.state, this.deps.now(), reasonOf(error))),
        );
    } catch (error) {
      await this.set(failed(this.state, this.deps.now(), reasonOf(error)));
    }
  }
}
