import { useTranslation } from 'react-i18next';
import type { AttemptSummary } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { TrendChart, type Series } from '../../components/BarChart';
import { api } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/queries';
import { useAttemptTitle } from './attemptTitle';

export function HistoryScreen({ onOpen }: { onOpen: (attemptId: string, running: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const titleOf = useAttemptTitle();
  const { data: history, error } = useBridgeQuery(api, 'exam:history', {});
  if (error) return <ErrorNotice error={error} testId="history-error" />;
  if (!history) return null;

  // Only full timed exams drive the trend: practice and retries of misses are listed, not charted.
  const done = history.filter((h) => h.status === 'submitted' && h.full).reverse(); // oldest first
  const dateOf = (h: AttemptSummary) =>
    new Date(h.submittedAt ?? h.startedAt).toLocaleDateString(i18n.language, { day: '2-digit', month: '2-digit' });
  const subjects = [...new Set(done.flatMap((h) => h.bySubject.map((line) => line.label)))].sort();
  const series: Series[] = subjects.map((label) => ({
    label,
    points: done.map((h) => {
      const line = h.bySubject.find((l) => l.label === label);
      return line && line.total > 0 ? (line.correct / line.total) * 100 : null;
    }),
  }));

  return (
    <section aria-labelledby="history-heading" data-testid="screen-history">
      <h2 id="history-heading">{t('history.heading')}</h2>
      {history.length === 0 && <p data-testid="history-empty">{t('history.empty')}</p>}
      {done.length > 0 && (
        <TrendChart title={t('history.trend')} series={series} labels={done.map(dateOf)} testId="history-trend" />
      )}
      {history.length > 0 && (
        <p className="muted" data-testid="history-trend-note">
          {t('history.trendNote')}
        </p>
      )}
      <ul className="pack-list" data-testid="history-list">
        {history.map((h) => (
          <li key={h.attemptId} data-testid="history-item" data-attempt-id={h.attemptId}>
            <div>
              <strong>{titleOf(h)}</strong>{' '}
              {h.paper && (
                <>
                  <span className="badge">{t('history.paper')}</span>{' '}
                  <span
                    className="muted"
                    data-testid="history-paper"
                    data-version={h.paper.version}
                    data-student={h.paper.student ?? ''}
                  >
                    {h.paper.student
                      ? t('history.paperStudent', { ...h.paper, student: h.paper.student })
                      : t('history.paperBooklet', h.paper)}
                  </span>
                </>
              )}{' '}
              {h.status === 'running' ? (
                <span className="badge">{t('history.running')}</span>
              ) : (
                <span className="muted" data-testid="history-score" data-hidden={h.correct === null}>
                  {t(
                    h.awaitingRelease
                      ? 'history.itemSealed'
                      : h.correct === null
                        ? 'history.itemHidden'
                        : 'history.item',
                    {
                      correct: h.correct ?? 0,
                      total: h.total,
                      date: new Date(h.submittedAt ?? h.startedAt).toLocaleString(i18n.language),
                    },
                  )}
                </span>
              )}
            </div>
            <button
              type="button"
              className="secondary"
              onClick={() => onOpen(h.attemptId, h.status === 'running')}
              data-testid="history-open"
            >
              {h.status === 'running' ? t('exams.resume') : t('history.open')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
