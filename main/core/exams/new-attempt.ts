// A new attempt of the questions chosen, in its first state: nothing answered, the alternatives of
// each in an order drawn from the attempt's seed (positional ones kept in place), the deadline set
// from now, warnings only at marks inside the time limit.
import { randomUUID } from 'node:crypto';
import type { AttemptKind, ExamSettings } from '../../../preload/contract.js';
import { alternativeOrder } from './alternatives.js';
import { freshEntry, type Attempt, type PackOrigin, type SnapshotQuestion } from './model.js';
import { shuffle } from './random.js';

export function newAttempt(
  snapshot: SnapshotQuestion[],
  settings: ExamSettings,
  kind: AttemptKind,
  { seed, random, pack, now }: { seed: number; random: () => number; pack: PackOrigin | null; now: number },
): Attempt {
  const timeLimitMs =
    settings.mode === 'timed' && settings.timeLimitMinutes ? settings.timeLimitMinutes * 60_000 : null;
  return {
    id: randomUUID(),
    version: 1,
    seed,
    config: {
      title: settings.title,
      titleKey: settings.titleKey ?? null,
      kind,
      mode: settings.mode,
      strict: settings.strict,
      timeLimitMs,
      // Only marks inside the time limit: a 20-minute exam is not warned "30 minutes left".
      warnings: [...(settings.warnings ?? [30, 5])]
        .filter((mark) => timeLimitMs === null || mark * 60_000 < timeLimitMs)
        .sort((a, b) => b - a),
      paper: null,
      pack,
    },
    createdAt: now,
    deadline: timeLimitMs === null ? null : now + timeLimitMs,
    status: 'running',
    submittedAt: null,
    submittedBy: null,
    current: 0,
    currentSince: now,
    lastSeenAt: now,
    warned: [],
    lastRated: null,
    awaySince: null,
    questions: snapshot.map((question) =>
      freshEntry(
        question.id,
        alternativeOrder(
          question.alternatives.map((a) => a.text),
          random,
          shuffle,
        ),
      ),
    ),
    images: [],
  };
}
