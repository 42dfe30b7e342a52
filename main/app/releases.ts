// A sealed pack opened by its release code, in steps after the journal (core/packs/registry.ts):
// the pack's keys and solutions applied, its waiting attempts graded, their misses captured by the
// notebook, then the journal removed. Each step is idempotent, so a release a kill interrupted is
// finished at the next start, before anything is served.
import type { ExamEngine } from '../core/exams/engine.js';
import { applyRelease, endRelease, pendingReleases } from '../core/packs/registry.js';
import type { SealedPayload } from '../core/packs/seal.js';
import type { Workspace } from '../core/workspace.js';

export type FinishRelease = (id: string, payload: SealedPayload) => Promise<number>;

export function releaseFinisher(deps: {
  workspace: Workspace;
  engine: ExamEngine;
  /** The attempts just graded: their misses go to the notebook like any exam's. */
  catchUp: () => Promise<void>;
}): FinishRelease {
  return async (id, payload) => {
    await applyRelease(deps.workspace, id, payload);
    const solutions = Object.fromEntries(Object.entries(payload.explanations).map(([k, v]) => [k, v.text]));
    const attempts = await deps.engine.release(id, payload.keys, solutions);
    await deps.catchUp();
    await endRelease(deps.workspace, id);
    return attempts.length;
  };
}

/** Releases a kill left half done, finished. */
export async function finishPendingReleases(workspace: Workspace, finish: FinishRelease): Promise<void> {
  const pending = await pendingReleases(workspace);
  for (const { id, payload } of pending) await finish(id, payload);
}
