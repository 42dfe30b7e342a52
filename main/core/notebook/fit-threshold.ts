// When the notebook fits FSRS to the student (fit.ts): a leaf, so the views can say it without
// loading the optimizer's native binding.

/**
 * Reviews that follow an earlier review of the same card (only those teach the optimizer) before a
 * fit is tried: the FSRS authors' guide asked for 400 (Anki 24.04; 1,000 before), and their later
 * finding that far fewer can already beat the defaults (ankitects/anki#3094) is why the fit is kept
 * only when it predicts held-out reviews better than the defaults.
 */
export const FIT_MIN_REVIEWS = 400;
/** A fit is tried again once the reviews grew by this share since the last one. */
export const REFIT_GROWTH = 0.25;
