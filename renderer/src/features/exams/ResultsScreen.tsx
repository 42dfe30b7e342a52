// A handed-in attempt's result: its score, what to do next (the retry of its misses, the notebook a
// review came from), a sealed pack's release, then its figures (results/ResultCharts) and its
// questions one by one (results/ReviewList). Read through the query cache.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, ExamResult, ExamState } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAttemptTitle } from './attemptTitle';
import { ExportResult } from '../class/ExportResult';
import { ReleaseCode } from '../packs/ReleaseCode';
import { api, errorOf } from '../../lib/bridge';
import { queryKeyOf, useBridgeQuery } from '../../lib/queries';
import { minutes } from './results/format';
import { ResultCharts } from './results/ResultCharts';
import { ReviewList } from './results/ReviewList';

export function ResultsScreen({
  attemptId,
  onRetry,
  onHistory,
  onNotebook,
  onKind,
}: {
  attemptId: string;
  onRetry: (state: ExamState) => void;
  onHistory: () => void;
  /** A review's result leads back to the notebook it came from. */
  onNotebook: () => void;
  /** Told once the result is read: a review's result is the notebook's (the menu says so). */
  onKind?: (kind: ExamResult['kind']) => void;
}) {
  const { t } = useTranslation();
  const titleOf = useAttemptTitle();
  const queryClient = useQueryClient();
  const [retryBlank, setRetryBlank] = useState(false);
  /** A retry main refused (the result's own read has its error from the query). */
  const [retryError, setError] = useState<BridgeErrorValue | null>(null);
  // The focus arrives at the heading by the app's one rule (lib/useFocusOnContext.ts: a result shown).
  const resultKey = queryKeyOf('exam:result', { attemptId });
  const { data: result, error: readError } = useBridgeQuery(api, 'exam:result', { attemptId });
  const error = retryError ?? readError;
  const kind = result?.kind;
  useEffect(() => {
    if (kind) onKind?.(kind);
  }, [kind, onKind]);
  const saveNote = (index: number, note: string | null) =>
    queryClient.setQueryData<ExamResult>(
      resultKey,
      (r) => r && { ...r, questions: r.questions.map((item) => (item.index === index ? { ...item, note } : item)) },
    );

  if (!result) return <ErrorNotice error={error} testId="result-error" />;
  const review = result.kind === 'review';
  const percent = result.score.total ? Math.round((result.score.correct / result.score.total) * 100) : 0;
  const retry = async () => {
    try {
      onRetry(await api['exam:retry-wrong']({ attemptId, includeBlank: retryBlank }));
    } catch (caught) {
      setError(errorOf(caught));
    }
  };

  return (
    <section aria-labelledby="result-heading" data-testid="screen-result" data-attempt-id={attemptId}>
      <h2 id="result-heading" tabIndex={-1} data-focus-return>
        {t('results.heading')}: {titleOf(result)}
      </h2>
      {!result.awaitingRelease && !review && (
        <p
          className="score"
          data-testid="result-score"
          data-correct={result.score.correct}
          data-total={result.score.total}
        >
          {t('results.score', { correct: result.score.correct, total: result.score.total, percent })}
        </p>
      )}
      {/* A review counts its cards (a missed card's return is not another), recalled the first time. */}
      {result.cards && (
        <p
          className="score"
          data-testid="result-cards"
          data-recalled={result.cards.recalled}
          data-total={result.cards.total}
        >
          {t('results.cards', { count: result.cards.total, recalled: result.cards.recalled })}
        </p>
      )}
      <p className="muted" data-testid="result-details">
        {t('results.answered', { answered: result.score.answered })}
        {/* A paper sheet has no clock and no seed of its own: nothing invented is shown. */}
        {!result.paper && (
          <>
            {' '}
            · {t('results.time', { used: minutes(result.timeUsedMs) })}
            {/* A review is the notebook's schedule, not a draw to repeat: no seed. */}
            {!review && <> · {t('results.seed', { seed: result.seed })}</>}
          </>
        )}
      </p>
      {result.score.hidden > 0 && !result.awaitingRelease && (
        <p className="notice notice-warning" data-testid="result-hidden">
          {t('results.hiddenNotice', { count: result.score.hidden })}
        </p>
      )}
      {result.submittedBy === 'deadline' && (
        <p className="notice notice-warning" data-testid="result-by-deadline">
          {t('results.byDeadline')}
        </p>
      )}
      <div className="actions">
        {review && (
          <button type="button" className="primary" onClick={onNotebook} data-testid="result-notebook">
            {t('results.backToNotebook')}
          </button>
        )}
        {!review && (
          <button
            type="button"
            className="primary"
            disabled={
              result.questions.filter((q) => q.isCorrect === false && (retryBlank || q.chosen !== null)).length === 0
            }
            onClick={() => void retry()}
            data-testid="result-retry-wrong"
          >
            {t('results.retryWrong')}
          </button>
        )}
        {!review && result.score.answered < result.score.total && (
          <label>
            <input
              type="checkbox"
              checked={retryBlank}
              onChange={(e) => setRetryBlank(e.target.checked)}
              data-testid="result-retry-blank"
            />{' '}
            {t('results.retryBlank')}
          </label>
        )}
        <button type="button" className="secondary" onClick={onHistory} data-testid="result-history">
          {t('results.history')}
        </button>
      </div>
      {result.paper && (
        <p className="muted" data-testid="result-paper" data-version={result.paper.version}>
          {result.paper.student
            ? t('paper.resultStudent', { ...result.paper, student: result.paper.student })
            : t('paper.result', result.paper)}
          {result.paper.language &&
            ` ${t('paper.resultLanguage', { language: t(`paper.languages.${result.paper.language}`) })}`}
          {result.paper.doubles > 0 && ` ${t('paper.doubles', { count: result.paper.doubles })}`}
        </p>
      )}
      {result.awaitingRelease && result.pack && (
        <div className="notice notice-warning" data-testid="result-awaiting-release">
          <p>{t('packs.seal.awaiting', { title: result.pack.title })}</p>
          <ReleaseCode
            packId={result.pack.id}
            testId="result-release"
            onReleased={() => void queryClient.invalidateQueries({ queryKey: resultKey })}
          />
        </div>
      )}
      {result.pack && <ExportResult attemptId={attemptId} packTitle={result.pack.title} />}
      <ErrorNotice error={error} testId="result-error" />
      {result.guessed.total > 0 && (
        <p data-testid="result-guessed" data-total={result.guessed.total} data-right={result.guessed.right}>
          {t('results.guessed', { total: result.guessed.total, right: result.guessed.right })}
        </p>
      )}
      <ResultCharts result={result} />
      <ReviewList attemptId={attemptId} result={result} onNoteSaved={saveNote} />
    </section>
  );
}
