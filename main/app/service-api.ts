// What the composition root is given (ServiceOptions: the shell's or the harness's pieces) and what
// it hands back (AppServices: the handler table and what the shell itself calls). Types only.
import type { Events, EventName } from '../../preload/contract.js';
import type { Logger } from '../core/util/logger.js';
import type { Cipher, VaultStorage } from '../core/vault/vault.js';
import type { Workspace } from '../core/workspace.js';
import type { UpdateController, UpdateFeed } from '../core/updates/controller.js';
import type { StorageNotices } from '../core/util/json-file.js';
import type { ImageUrl } from './library.js';
import type { Visibility } from '../core/exams/visibility.js';
import type { Handlers } from './types.js';
import type { SaveTarget } from './saving.js';
import type { SettingsStore } from './settings.js';
import type { SpawnWorker, WorkerLimits } from '../core/worker/client.js';
import type { Decoder } from '../core/worker/decoder.js';
import type { QuitSequence } from './quitting.js';

export interface ServiceOptions {
  dataDir: string;
  shell: 'electron' | 'harness';
  version: string;
  cipher: Cipher;
  vaultStorage: VaultStorage;
  settings: SettingsStore;
  logger: Logger;
  imageUrl: ImageUrl;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  /**
   * Opens a URL the link policy accepted in the OS browser; false when the shell refused it (no user
   * gesture in the window: window-policy.ts).
   */
  openExternal: (url: string) => Promise<boolean>;
  /** Where files the app offers are saved: a dialog in Electron, the profile's downloads in tests. */
  saveTarget: SaveTarget;
  /** Rate-limit window for fakes with short windows (tests); the real API's is a minute. */
  rateWindowMs?: number;
  /** The bundled demo pack (assets/demo.exampack). */
  demoPackPath: string;
  /** Testers only: the exam clock runs this many times faster (EXAM_PRACTICE_CLOCK_SPEED). */
  examClockSpeed?: number;
  /** Where files opened before the services (settings, vault) reported damage. */
  notices?: StorageNotices;
  /** The installed app's updater (electron-updater); absent in development and the harness. */
  updateFeed?: UpdateFeed | null;
  /** An installed macOS copy without a signature: no feed, and Settings says why (docs/desktop.md). */
  unsignedMac?: boolean;
  /**
   * How the decoding worker's process starts: Electron's utilityProcess in the app, a forked Node
   * process elsewhere (the default). Files from outside are decoded there, never here.
   */
  spawnWorker?: SpawnWorker;
  /** Its limits (tests lower them to show a timeout or the memory cap refuse one file). */
  workerLimits?: WorkerLimits;
  /** Electron's app.quit() (the quit sequence calls it once the services have saved); none in the harness. */
  quit?: () => void;
}

export interface AppServices {
  handlers: Handlers;
  /** The OS asked to open a pack file: ask the renderer to confirm the import. */
  /** A file the OS opened (a pack to import, a result for the class report): checked, then offered. */
  offerFile(path: string): void;
  workspace: () => Workspace;
  /** What may leave main about a key now (the engine's visibility decision). */
  visibility: Visibility;
  /**
   * The daily reminder of the notebook's reviews: what to show now (once a day, when the student
   * turned it on and reviews are due), or null. Asking again the same day answers null.
   */
  reviewReminder(at?: number): Promise<{ title: string; body: string } | null>;
  /** A time warning's system notification, in the student's language (the Electron shell shows it). */
  warningNotice(minutesLeft: number): Promise<{ title: string; body: string }>;
  /**
   * Help → Copy diagnostics / Save logs: versions, system, the data folder's counts, the storage's
   * security, the last errors and the recent log (core/diagnostics.ts). Main only: never a channel.
   */
  diagnostics(): Promise<string>;
  /** New versions of an installed copy: the shell's timer ticks it. */
  updates: UpdateController;
  /** How the app ends (a quit, an update's restart): the shell's before-quit goes through it. */
  quitting: QuitSequence;
  /** The main log (the IPC entry point writes refusals and failures to it, as the diagnostics read them). */
  logger: Logger;
  /** Files from outside, read in the decoding worker (tests kill it mid-file). */
  decoder: Decoder;
  /** Settles once start-up housekeeping (the image sweep) has ended: tests wait for it. */
  settled(): Promise<void>;
  close(): Promise<void>;
}
