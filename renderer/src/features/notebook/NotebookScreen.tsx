// The error notebook: the exam date that bounds the reviews, the load ahead, today's review,
// and every card with its note. Figures come from main (it alone schedules).
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AREA_IDS,
  type AreaId,
  type BridgeErrorValue,
  type ExamState,
  type NotebookCardView,
  type NotebookFilter,
  type NotebookOverview,
  type NotebookStatus,
} from '../../../../preload/contract';
import { AnySelect } from '../../components/AnySelect';
import { BarChart, ColumnChart, type Column } from '../../components/BarChart';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ImageViewer } from '../../components/ImageViewer';
import { useSourceLabel } from '../../components/useSourceLabel';
import { api, errorOf } from '../../lib/bridge';
import { queryKeyOf, useBridgeQuery } from '../../lib/queries';
import { NoteEditor } from './NoteEditor';
import { PlanForm } from './PlanForm';
import { Readiness } from './Readiness';
import { formatDay } from './dates';
import { ScaledImage } from '../../components/ScaledImage';

const STATUSES: NotebookStatus[] = ['due', 'new', 'learning', 'mastered'];
const PAGE = 200;

/** Days as columns; beyond two months, weeks (a year of days would be hairlines). */
function forecastColumns(overview: NotebookOverview, language: string, week: (date: string) => string): Column[] {
  const days = overview.forecast;
  if (days.length <= 62) return days.map((d) => ({ label: formatDay(d.date, language), value: d.count }));
  const columns: Column[] = [];
  for (let i = 0; i < days.length; i += 7) {
    const slice = days.slice(i, i + 7);
    const first = formatDay(slice[0]?.date ?? '', language);
    columns.push({ label: week(first), tick: first, value: slice.reduce((s, d) => s + d.count, 0) });
  }
  return columns;
}

export function NotebookScreen({
  onStartReview,
  onChanged,
}: {
  onStartReview: (state: ExamState) => void;
  /** The plan or the cards changed: the sidebar's countdown and count refresh. */
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const sourceLabel = useSourceLabel();
  const queryClient = useQueryClient();
  // Main's figures and cards, kept fresh by its notebook:changed event (lib/queries.ts).
  const overviewQuery = useBridgeQuery(api, 'notebook:overview', {});
  const overview = overviewQuery.data ?? null;
  const [filter, setFilter] = useState<NotebookFilter>({});
  const [shown, setShown] = useState(PAGE);
  const [openNote, setOpenNote] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ src: string; alt: string } | null>(null);
  const cardsQuery = useBridgeQuery(api, 'notebook:list', { filter }, { keepPrevious: true });
  const cards = cardsQuery.data ?? null;
  /** A write main refused (a read's refusal comes from its query). */
  const [actionError, setError] = useState<BridgeErrorValue | null>(null);
  const error = actionError ?? overviewQuery.error ?? cardsQuery.error;
  const setOverview = (next: NotebookOverview) => queryClient.setQueryData(queryKeyOf('notebook:overview', {}), next);
  /** Bumped when the plan changes from outside its form (the readiness's limits): the form starts again from it. */
  const [planVersion, setPlanVersion] = useState(0);

  const startReview = async () => {
    try {
      onStartReview(await api['notebook:start-review']({}));
    } catch (e) {
      setError(errorOf(e));
    }
  };

  const applyLimits = async (limits: { newPerDay: number; dailyLimit: number }) => {
    if (!overview) return;
    try {
      setOverview(await api['notebook:set-plan']({ plan: { ...overview.plan, ...limits } }));
      setPlanVersion((v) => v + 1);
      onChanged();
    } catch (e) {
      setError(errorOf(e));
    }
  };

  const remove = async (id: string) => {
    try {
      await api['notebook:remove']({ id });
      setError(null);
      onChanged();
    } catch (e) {
      setError(errorOf(e));
    }
  };

  const columns = useMemo(
    () => (overview ? forecastColumns(overview, i18n.language, (date) => t('notebook.forecastWeek', { date })) : []),
    [overview, i18n.language, t],
  );

  if (!overview) return <ErrorNotice error={error} testId="notebook-error" />;
  const peak = overview.forecast.reduce((best, d) => (d.count > best.count ? d : best), {
    date: overview.today,
    count: 0,
    fresh: 0,
  });
  const totalAhead = overview.forecast.reduce((sum, d) => sum + d.count, 0);
  const weeks = overview.retention.filter((w) => w.reviews > 0);
  const update = (change: Partial<NotebookFilter>) => {
    setShown(PAGE);
    // Empty values mean no filter: they are left out rather than sent.
    setFilter((current) =>
      Object.fromEntries(Object.entries({ ...current, ...change }).filter(([, value]) => Boolean(value))),
    );
  };

  return (
    <section aria-labelledby="notebook-heading" data-testid="screen-notebook">
      <h2 id="notebook-heading">{t('notebook.heading')}</h2>
      <p className="muted">{t('notebook.intro')}</p>
      <ErrorNotice error={error} testId="notebook-error" />

      {/* Today's work first: at large type the plan form would push the review screens down. */}
      <dl className="stat-tiles" data-testid="notebook-stats">
        {(
          [
            ['dueToday', overview.dueToday],
            ['next7', overview.dueNext7Days],
            ['newWaiting', overview.newWaiting],
            ['mastered', overview.mastered],
            ['total', overview.total],
          ] as const
        ).map(([name, value]) => (
          <div key={name} className="stat-tile" data-testid={`notebook-stat-${name}`} data-value={value}>
            <dt>{t(`notebook.stats.${name}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={overview.dueToday === 0}
          onClick={() => void startReview()}
          data-testid="notebook-start-review"
        >
          {t('notebook.startReview', { count: overview.dueToday })}
        </button>
        {overview.eveOverLimit > 0 && (
          <span role="note" className="warning" data-testid="notebook-eve-over" data-over={overview.eveOverLimit}>
            {t('notebook.eveOver', { count: overview.eveOverLimit, limit: overview.plan.dailyLimit })}
          </span>
        )}
        {overview.dueToday === 0 && overview.total > 0 && (
          <span className="muted" data-testid="notebook-nothing-due">
            {t('notebook.nothingDue')}
          </span>
        )}
      </div>

      <PlanForm
        key={planVersion}
        overview={overview}
        onSaved={(next) => {
          setOverview(next);
          onChanged();
        }}
      />
      <Readiness overview={overview} onUseLimits={(limits) => void applyLimits(limits)} />

      {overview.total > 0 && (
        <div className="charts">
          <ColumnChart
            columns={columns}
            title={`${overview.daysToExam !== null ? t('notebook.forecast') : t('notebook.forecastNoDate')}${
              overview.forecast.length > 62 ? ` (${t('notebook.perWeek')})` : ''
            }`}
            summary={t('notebook.forecastSummary', {
              total: totalAhead,
              fresh: overview.forecast.reduce((sum, d) => sum + d.fresh, 0),
              limit: overview.plan.dailyLimit ?? 60,
              days: overview.forecast.length,
              peak: peak.count,
              date: formatDay(peak.date, i18n.language),
            })}
            testId="notebook-forecast"
          />
          {weeks.length > 0 ? (
            <BarChart
              title={t('notebook.retention')}
              testId="notebook-retention"
              bars={weeks.map((w) => ({
                label: formatDay(w.weekStart, i18n.language),
                value: w.recalled,
                max: w.reviews,
                caption: t('notebook.retentionRow', {
                  recalled: w.recalled,
                  reviews: w.reviews,
                  percent: Math.round((w.recalled / w.reviews) * 100),
                }),
              }))}
            />
          ) : (
            <p className="muted" data-testid="notebook-retention-empty">
              {t('notebook.retentionEmpty')}
            </p>
          )}
        </div>
      )}

      <fieldset className="filters" data-testid="notebook-filters">
        <legend>{t('notebook.filters')}</legend>
        <label>
          {t('notebook.filterBy.status')}
          <select
            value={filter.status ?? ''}
            onChange={(e) => update({ status: (e.target.value || undefined) as NotebookStatus | undefined })}
            data-testid="notebook-filter-status"
          >
            <option value="">{t('notebook.status.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`notebook.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('notebook.filterBy.area')}
          <AnySelect
            testId="notebook-filter-area"
            value={filter.area ?? ''}
            feminine
            onChange={(area) => update({ area: (area || undefined) as AreaId | undefined })}
            options={AREA_IDS.map((a) => ({ value: a, label: t(`exams.area.${a}`) }))}
          />
        </label>
        <label>
          {t('notebook.filterBy.subject')}
          <AnySelect
            testId="notebook-filter-subject"
            value={filter.subject ?? ''}
            feminine
            onChange={(subject) => update({ subject })}
            options={overview.subjects.map((s) => ({ value: s, label: s }))}
          />
        </label>
        <label>
          {t('notebook.filterBy.source')}
          <AnySelect
            testId="notebook-filter-source"
            value={filter.source ?? ''}
            feminine
            onChange={(source) => update({ source })}
            options={overview.sources.map((s) => ({ value: s, label: sourceLabel(s) }))}
          />
        </label>
        <input
          type="search"
          aria-label={t('notebook.search')}
          placeholder={t('notebook.search')}
          value={filter.text ?? ''}
          onChange={(e) => update({ text: e.target.value })}
          data-testid="notebook-search"
        />
      </fieldset>

      {cards && overview.total === 0 && (
        <p className="empty" data-testid="notebook-empty">
          {t('notebook.empty')}
        </p>
      )}
      {cards && overview.total > 0 && cards.length === 0 && (
        <p data-testid="notebook-no-match">{t('notebook.noMatch')}</p>
      )}
      {cards && cards.length > 0 && (
        <>
          <p className="muted" data-testid="notebook-count">
            {t('notebook.count', { count: cards.length })}
          </p>
          <ul className="notebook-cards" data-testid="notebook-cards">
            {cards.slice(0, shown).map((card) => (
              <li
                key={card.id}
                className={`notebook-card status-${card.status}`}
                data-testid="notebook-card"
                data-id={card.id}
                data-status={card.status}
                data-reason={card.reason}
              >
                <p className="statement">{card.statement}</p>
                {card.image && card.image !== 'missing' && (
                  <button
                    type="button"
                    className="image-button"
                    aria-label={t('viewer.open')}
                    onClick={() => card.image && setViewing({ src: card.image, alt: card.statement.slice(0, 80) })}
                    data-testid="notebook-card-image"
                  >
                    <ScaledImage className="review-image" src={card.image} alt="" />
                  </button>
                )}
                <p className="muted">
                  {card.subject} · {sourceLabel(card.source)} · {t(`notebook.reason.${card.reason}`)} ·{' '}
                  <span data-testid="notebook-card-due">
                    {card.status === 'due'
                      ? t('notebook.dueNow')
                      : card.status === 'new'
                        ? t('notebook.newInQueue')
                        : card.due === null
                          ? t('notebook.resting')
                          : t('notebook.due', { date: new Date(card.due).toLocaleDateString(i18n.language) })}
                  </span>{' '}
                  · {t('notebook.reviews', { count: card.reviews })}
                </p>
                {card.note && openNote !== card.id && (
                  <p className="note-preview" data-testid="notebook-card-note">
                    {card.note}
                  </p>
                )}
                <div className="actions">
                  <button
                    type="button"
                    className="secondary"
                    aria-expanded={openNote === card.id}
                    onClick={() => setOpenNote((id) => (id === card.id ? null : card.id))}
                    data-testid="notebook-card-note-toggle"
                  >
                    {t('notebook.note')}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => void remove(card.id)}
                    data-testid="notebook-card-remove"
                  >
                    {t('notebook.remove')}
                  </button>
                </div>
                {openNote === card.id && (
                  <NoteEditor
                    questionRef={{ questionId: card.id }}
                    testId="notebook-note"
                    onSaved={(text) =>
                      queryClient.setQueryData<NotebookCardView[]>(queryKeyOf('notebook:list', { filter }), (list) =>
                        list?.map((c) => (c.id === card.id ? { ...c, note: text || null } : c)),
                      )
                    }
                  />
                )}
              </li>
            ))}
          </ul>
          {cards.length > shown && (
            <button
              type="button"
              className="secondary"
              onClick={() => setShown((n) => n + PAGE)}
              data-testid="notebook-more"
            >
              {t('notebook.more')}
            </button>
          )}
        </>
      )}
      {viewing && <ImageViewer src={viewing.src} alt={viewing.alt} onClose={() => setViewing(null)} />}
    </section>
  );
}
