// The notebook's memory model fitted in the background (core/notebook/fit.ts): tried once the log
// holds enough learnable reviews and again as it grows, one fit at a time, never awaited by a
// session or a screen. A failure is logged and leaves the model as it was.
//
// While an exam holds questions (some cards hidden), no fit starts and none lands: whether a fit is
// due, what it learns and when its model appears would otherwise depend on a hidden card, and so on
// the key (docs/security.md › Hidden cards). What is due then starts when the lock lifts (the engine's
// `onRunning` change pokes the fitter); a fit that finishes during the lock is held until then.
import { bindingOptimizer, fitModel, learnableReviews, type Optimizer } from '../core/notebook/fit.js';
import type { FittedModel } from '../core/notebook/model.js';
import { FIT_MIN_REVIEWS, REFIT_GROWTH } from '../core/notebook/fit-threshold.js';
import type { Notebook } from '../core/notebook/notebook.js';
import type { Logger } from '../core/util/logger.js';

export interface Fitter {
  /** The log changed: a fit starts if one is due (and none runs). */
  poke(): void;
  /** No fit starts any more; settles once the one running (if any) has written its result. */
  close(): Promise<void>;
}

export function createFitter(deps: {
  notebook: Notebook;
  now: () => number;
  logger: Logger;
  /** The optimizer (the binding's unless a test gives one); null where it cannot load. */
  optimizer?: () => Promise<Optimizer | null>;
}): Fitter {
  const load = deps.optimizer ?? bindingOptimizer;
  let running: Promise<void> | null = null;
  /** Learnable reviews at the last try: the next waits until they grew by REFIT_GROWTH. */
  let triedAt = deps.notebook.model()?.reviews ?? 0;
  let closed = false;

  const due = (reviews: number) =>
    reviews >= FIT_MIN_REVIEWS && (triedAt === 0 || reviews >= triedAt * (1 + REFIT_GROWTH));

  /** A fit that finished while cards were hidden: it lands when they are not. */
  let held: FittedModel | null = null;
  /** That landing's write (closing waits for it, as for a fit's). */
  let landing: Promise<void> = Promise.resolve();

  const land = async (model: FittedModel) => {
    if (deps.notebook.hidesCards()) held = model;
    else await deps.notebook.setModel(model);
  };

  const poke = () => {
    if (closed || deps.notebook.hidesCards()) return;
    if (held) {
      const model = held;
      held = null;
      landing = deps.notebook
        .setModel(model)
        .catch((error: unknown) => deps.logger.error('notebook fit failed', { error: String(error) }));
    }
    if (running) return;
    const log = [...deps.notebook.reviewLog()];
    const reviews = learnableReviews(log);
    if (!due(reviews)) return;
    triedAt = reviews;
    running = (async () => {
      const optimize = await load();
      if (!optimize) return;
      const model = await fitModel(log, deps.now(), optimize);
      if (model) await land(model);
    })()
      .catch((error: unknown) => deps.logger.error('notebook fit failed', { error: String(error) }))
      .finally(() => {
        running = null;
      });
  };

  return {
    poke,
    close: async () => {
      closed = true;
      await running;
      await landing;
    },
  };
}
