import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  BridgeErrorValue,
  Difficulty,
  KeysOverview,
  Product,
  Scope,
  SyncEstimate,
  SyncProgress,
  SyncReport,
} from '../../../../preload/contract';
import type { Screen } from '../../lib/screens';
import { AnySelect, named, useDifficultyChoices } from '../../components/AnySelect';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SyncOutcomeLines } from './SyncOutcomeLines';
import { api, errorOf } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/queries';

function useNow(active: boolean) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The product shown: the one chosen here while its key is kept, else the ENEM's, else the first with a key. */
function shownProduct(chosen: Product | null, keys: KeysOverview | null): Product {
  const kept = (product: Product) => keys?.keys.some((k) => k.product === product && k.present) ?? false;
  if (chosen !== null && kept(chosen)) return chosen;
  if (kept('enem')) return 'enem';
  return keys?.keys.find((k) => k.present)?.product ?? chosen ?? 'enem';
}

export function SyncScreen({ onNavigate }: { onNavigate: (screen: Screen) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const keys = useBridgeQuery(api, 'keys:status', {}).data ?? null;
  const overviewQuery = useBridgeQuery(api, 'sync:overview', {});
  const overview = overviewQuery.data ?? null;
  const facets = useBridgeQuery(api, 'catalog:facets', {}).data ?? null;
  const [chosen, setProduct] = useState<Product | null>(null);
  const product = shownProduct(chosen, keys);
  const [examId, setExamId] = useState('');
  const [year, setYear] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const [difficulty, setDifficulty] = useState<Difficulty | ''>('');
  const [estimated, setEstimate] = useState<{ value: SyncEstimate; product: Product; at: number } | null>(null);
  const [liveProgress, setProgress] = useState<SyncProgress | null>(null);
  const [report, setReport] = useState<SyncReport | null>(null);
  /** This screen started a run (main's overview says so too once it is read again). */
  const [starting, setRunning] = useState(false);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const difficulties = useDifficultyChoices();
  // A run started before this screen opened (another window's, or before a navigation) shows too.
  const running = starting || (report === null && overview?.running != null);
  const progress = liveProgress ?? (running ? (overview?.running?.progress ?? null) : null);
  const now = useNow(progress?.rateLimitWait != null);
  const n = (value: number) => value.toLocaleString(i18n.language);
  // An estimate counts today's requests when it was made: a run since then is in main's newer count
  // (read again when the run ends; no request to the API for that).
  const estimate =
    estimated === null
      ? null
      : overviewQuery.dataUpdatedAt > estimated.at && overview
        ? { ...estimated.value, dailyUsed: overview.dailyUsed[estimated.product] ?? estimated.value.dailyUsed }
        : estimated.value;

  useEffect(() => {
    const offProgress = api.on('sync:progress', (p) => setProgress(p));
    const offDone = api.on('sync:done', (r) => {
      setReport(r);
      setRunning(false);
    });
    return () => {
      offProgress();
      offDone();
    };
  }, []);

  const scope = (): Scope => ({
    product,
    ...(product === 'vestibulares' && examId && { examId }),
    ...(year && { year: Number(year) }),
    ...(subjectId && { subjectId }),
    ...(difficulty && { difficulty }),
  });

  const run = async (target: Scope) => {
    setError(null);
    setReport(null);
    setProgress(null);
    setRunning(true);
    try {
      setReport(await api['sync:start']({ scope: target }));
    } catch (caught) {
      setError(errorOf(caught));
      // A run that failed sends no sync:done (which refreshes the overview; catalog:changed, the
      // facets): today's request count and what can be resumed are read again here.
      void queryClient.invalidateQueries({ queryKey: ['sync:overview'] });
    } finally {
      setRunning(false);
    }
  };

  const doEstimate = async () => {
    setError(null);
    try {
      const target = scope();
      const value = await api['sync:estimate']({ scope: target });
      setEstimate({ value, product: target.product, at: Date.now() });
    } catch (caught) {
      setError(errorOf(caught));
    }
  };

  const hasKey = keys?.keys.find((k) => k.product === product)?.present ?? false;
  const anyKey = keys?.keys.some((k) => k.present) ?? false;
  const ratio =
    progress === null
      ? 0
      : progress.phase === 'images'
        ? progress.images.done / Math.max(1, progress.images.total)
        : progress.questions / Math.max(1, progress.total ?? 1);
  const waitSeconds = progress?.rateLimitWait ? Math.max(0, Math.ceil((progress.rateLimitWait.until - now) / 1000)) : 0;

  return (
    <section aria-labelledby="sync-heading" data-testid="screen-sync">
      <h2 id="sync-heading">{t('sync.heading')}</h2>
      <p>{t('sync.intro')}</p>
      {keys && !anyKey && (
        <p className="notice notice-warning" data-testid="sync-no-key">
          {t('sync.noKey', { product: t(`products.${product}`) })}{' '}
          <button type="button" className="link" onClick={() => onNavigate('keys')}>
            {t('app.nav.keys')}
          </button>
        </p>
      )}
      <form className="form grid" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="sync-product">{t('sync.product')}</label>
        <select
          id="sync-product"
          value={product}
          onChange={(e) => setProduct(e.target.value as Product)}
          data-testid="sync-product"
        >
          {(['enem', 'vestibulares'] as const).map((p) => (
            <option key={p} value={p} disabled={!keys?.keys.find((k) => k.product === p)?.present}>
              {t(`products.${p}`)}
            </option>
          ))}
        </select>
        {product === 'vestibulares' && (
          <>
            <label htmlFor="sync-exam">{t('sync.exam')}</label>
            <AnySelect
              id="sync-exam"
              testId="sync-exam"
              feminine
              value={examId}
              onChange={setExamId}
              options={named(overview?.exams)}
            />
          </>
        )}
        <label htmlFor="sync-year">{t('sync.year')}</label>
        <input
          id="sync-year"
          type="number"
          min={1900}
          max={2100}
          value={year}
          onChange={(e) => setYear(e.target.value)}
          data-testid="sync-year"
        />
        <label htmlFor="sync-subject">{t('sync.subject')}</label>
        <AnySelect
          id="sync-subject"
          testId="sync-subject"
          feminine
          value={subjectId}
          onChange={setSubjectId}
          options={named(facets?.subjects)}
        />
        <label htmlFor="sync-difficulty">{t('sync.difficulty')}</label>
        <AnySelect
          id="sync-difficulty"
          testId="sync-difficulty"
          feminine
          value={difficulty}
          onChange={(v) => setDifficulty(v as Difficulty | '')}
          options={difficulties}
        />
      </form>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={!hasKey || running}
          onClick={() => void doEstimate()}
          data-testid="sync-estimate"
        >
          {t('sync.estimate')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={!hasKey || running}
          onClick={() => void run(scope())}
          data-testid="sync-start"
        >
          {t('sync.start')}
        </button>
        {running && (
          <button
            type="button"
            className="danger"
            onClick={() => void api['sync:cancel']({})}
            data-testid="sync-cancel"
          >
            {t('sync.cancel')}
          </button>
        )}
      </div>
      {overview && (
        <p className="muted" data-testid="sync-daily">
          {t('sync.daily', { used: n(overview.dailyUsed[product] ?? 0), limit: n(overview.dailyLimit) })}
        </p>
      )}
      {estimate && (
        <p className="notice" data-testid="sync-estimate-result">
          {t('sync.estimateResult', {
            total: n(estimate.total),
            requests: n(estimate.requests),
            used: n(estimate.dailyUsed),
            limit: n(estimate.dailyLimit),
          })}
        </p>
      )}
      {!running &&
        overview?.resumable.map((resumable) => (
          <button
            key={JSON.stringify(resumable)}
            type="button"
            className="secondary"
            disabled={!keys?.keys.find((k) => k.product === resumable.product)?.present}
            onClick={() => void run(resumable)}
            data-testid="sync-resume"
          >
            {t('sync.resume')} ({t(`products.${resumable.product}`)})
          </button>
        ))}
      {progress && (running || progress.phase !== 'done') && (
        <div className="progress-block" data-testid="sync-progress" aria-live="polite">
          <p data-testid="sync-phase">{t(`sync.phase.${progress.phase}`)}</p>
          <progress
            max={1}
            value={Math.min(1, ratio)}
            aria-label={t(`sync.phase.${progress.phase}`)}
            data-testid="sync-progress-bar"
          />
          <p data-testid="sync-progress-text">
            {t('sync.progress', {
              questions: n(progress.questions),
              total: n(progress.total ?? 0),
              pages: n(progress.pages),
              requests: n(progress.requests),
            })}
          </p>
          {progress.images.total > 0 && (
            <p data-testid="sync-images-text">
              {t('sync.images', {
                done: n(progress.images.done),
                total: n(progress.images.total),
                failed: n(progress.images.failed),
              })}
            </p>
          )}
          {progress.rateLimitWait && waitSeconds > 0 && (
            <p className="notice notice-warning" data-testid="sync-rate-wait">
              {t('sync.waiting', { seconds: waitSeconds })}
            </p>
          )}
        </div>
      )}
      <ErrorNotice error={error} testId="sync-error" />
      {report && (
        <div
          className={`notice ${report.status === 'done' ? 'notice-success' : 'notice-warning'}`}
          role="status"
          data-testid="sync-report"
          data-status={report.status}
        >
          <strong>{t(`sync.report.${report.status}`)}</strong>
          <p>
            {t('sync.report.details', {
              questions: n(report.questions),
              requests: n(report.requests),
              downloaded: n(report.images.downloaded),
              failed: n(report.images.failed),
            })}
          </p>
          <SyncOutcomeLines report={report} />
          {report.status === 'done' && (
            <button type="button" className="link" onClick={() => onNavigate('library')} data-testid="go-library">
              {t('app.nav.library')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
