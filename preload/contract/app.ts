// The app itself: its version and data folder, damaged files set aside, the default settings, the question cache, files offered to save.
import type { Settings } from '../schemas.js';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** 'electron' in the app, 'harness' when the UI e2e harness drives the renderer. */
  shell: 'electron' | 'harness';
  dataDir: string;
}

export type StorageSecurity = 'secure' | 'weak' | 'unavailable';

export interface CacheInfo {
  dataDir: string;
  questions: number;
  bytes: number;
  /** What clearing would take: questions synced from the API (can be synced again)… */
  syncedQuestions: number;
  /** …and questions of imported packs, kept unless the student asks to remove the packs too. */
  packQuestions: number;
  packs: number;
  /** Submitted and running attempts: never cleared (results keep their own copy of every question). */
  attempts: number;
}

/** A student's result file, ready to save. */
/** A file the app offers to save (built by main, or a CSV the renderer wrote). */
export interface FileToSave {
  fileName: string;
  data: Uint8Array<ArrayBuffer> | string;
}

/** Where `files:save` put them: nothing (and no folder) when the user closed the dialog. */
export interface SavedFiles {
  folder: string | null;
  paths: string[];
}

/** Settings before the student changes any (and whatever a settings file lacks). */
export const DEFAULT_SETTINGS: Settings = {
  language: 'pt-BR',
  theme: 'system',
  foreignLanguage: 'ingles',
  fontScale: 'normal',
  extraTime: false,
  readingWidth: false,
  reviewReminders: false,
  studentName: '',
  updates: true,
  updateChannel: 'stable',
};

/** A damaged file set aside at start or on read (kind tells what it held). */
export interface StorageNoticeView {
  kind:
    | 'attempt'
    | 'attempt-questions'
    | 'catalog-chunk'
    | 'catalog-index'
    | 'exams'
    | 'sync-state'
    | 'image-index'
    | 'pack-registry'
    | 'settings'
    | 'vault'
    | 'explanations'
    | 'notebook'
    | 'notebook-questions'
    | 'notes'
    | 'paper-exam'
    | 'scan-session';
  /** Relative to the data folder. */
  file: string;
  /** The last good copy took its place. */
  restored: boolean;
}
