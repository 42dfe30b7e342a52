// What main tells the window without being asked.
import type { StorageNoticeView } from './app.js';
import type { SyncProgress, SyncReport } from './sync.js';
import type { PackOffer } from './packs.js';
import type { ResultOffer } from './class.js';
import type { UpdateStatus } from './updates.js';
import type { RunningExam } from './exams.js';

export interface Events {
  'sync:progress': SyncProgress;
  'sync:done': SyncReport;
  /** The OS asked to open a pack (file association, command line): the renderer confirms first. */
  'packs:open-request': PackOffer;
  /** A student's result file the OS opened, checked: the class report adds it (nothing is written). */
  'class:open-request': ResultOffer;
  /** Main's clock reached a warning mark of the running attempt. */
  'exam:warning': { attemptId: string; minutesLeft: number };
  /** Main submitted the attempt itself (the deadline passed). */
  'exam:submitted': { attemptId: string; by: 'deadline' };
  /** Questions were added or removed (import, removal, sync, clearing): counts on screen are stale. */
  'catalog:changed': { questions: number };
  /** An attempt started or ended (by the student or the deadline): the one running now, if any. */
  'exam:running': RunningExam | null;
  /** A damaged file was set aside (some are read only when first needed): the full list now. */
  'app:notices': StorageNoticeView[];
  /** The notebook's cards or plan changed (a capture, a paper grading, a rating, an edit): its figures now. */
  'notebook:changed': { dueToday: number; total: number };
  /** Looking for, downloading or holding a new version: what Settings shows now. */
  'updates:changed': UpdateStatus;
}

export type EventName = keyof Events;

export const EVENTS: readonly EventName[] = [
  'sync:progress',
  'sync:done',
  'packs:open-request',
  'class:open-request',
  'exam:warning',
  'exam:submitted',
  'exam:running',
  'catalog:changed',
  'app:notices',
  'notebook:changed',
  'updates:changed',
];
