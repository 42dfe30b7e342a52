// The exam date (and the recall target) that bound the notebook's reviews.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, NotebookOverview } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';
import { dayInputPattern, dayInputText, formatDay, parseDayInput } from './dates';

const RETENTIONS = [0.8, 0.85, 0.9, 0.95];

const PLAN_FIELDS = ['examTime', 'newPerDay', 'dailyLimit'] as const;
type PlanField = (typeof PLAN_FIELDS)[number];
const FIELD_TEST_IDS: Record<PlanField, string> = {
  examTime: 'notebook-exam-time',
  newPerDay: 'notebook-new-per-day',
  dailyLimit: 'notebook-daily-limit',
};

const wholeIn = (text: string, min: number, max: number) =>
  /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** The plan's typed fields the app refuses (main checks them again: this is the student's message). */
function refusedFields(values: Record<PlanField, string>): Partial<Record<PlanField, true>> {
  return {
    ...(!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.examTime.trim()) && { examTime: true }),
    ...(!wholeIn(values.newPerDay, 0, 500) && { newPerDay: true }),
    ...(!wholeIn(values.dailyLimit, 5, 1000) && { dailyLimit: true }),
  };
}

export function PlanForm({
  overview,
  onSaved,
}: {
  overview: NotebookOverview;
  onSaved: (overview: NotebookOverview) => void;
}) {
  const { t, i18n } = useTranslation();
  const [date, setDate] = useState(dayInputText(overview.plan.examDate ?? '', i18n.language));
  const [label, setLabel] = useState(overview.plan.examLabel ?? '');
  const [retention, setRetention] = useState(overview.plan.retention);
  const [dailyLimit, setDailyLimit] = useState(String(overview.plan.dailyLimit ?? 60));
  const [newPerDay, setNewPerDay] = useState(String(overview.plan.newPerDay ?? 15));
  const [examTime, setExamTime] = useState(overview.plan.examTime ?? '13:30');
  const [badDate, setBadDate] = useState(false);
  /** The fields the app refused, by its own translated words (the form has no browser bubbles). */
  const [bad, setBad] = useState<Partial<Record<PlanField, true>>>({});
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const full = (day: string) => formatDay(day, i18n.language, { year: 'numeric' });

  const save = async (change: { examDate?: string | null; examLabel?: string | null } = {}) => {
    const typed = date.trim() ? parseDayInput(date, i18n.language) : null;
    if (change.examDate === undefined && date.trim() && typed === null) {
      setBadDate(true);
      return;
    }
    setBadDate(false);
    const refused = refusedFields({ examTime, newPerDay, dailyLimit });
    setBad(refused);
    const first = PLAN_FIELDS.find((field) => refused[field]);
    if (first) {
      document.querySelector<HTMLInputElement>(`[data-testid="${FIELD_TEST_IDS[first]}"]`)?.focus();
      return;
    }
    const examDate = change.examDate !== undefined ? change.examDate : typed;
    const examLabel = change.examLabel !== undefined ? change.examLabel : label.trim() || null;
    try {
      const limit = Number(dailyLimit);
      const fresh = Number(newPerDay);
      const next = await api['notebook:set-plan']({
        plan: {
          examDate,
          examLabel,
          retention,
          ...(Number.isInteger(limit) && { dailyLimit: limit }),
          ...(Number.isInteger(fresh) && { newPerDay: fresh }),
          examTime: examTime.trim(),
        },
      });
      setDailyLimit(String(next.plan.dailyLimit ?? limit));
      setNewPerDay(String(next.plan.newPerDay ?? fresh));
      setExamTime(next.plan.examTime ?? examTime);
      setDate(dayInputText(next.plan.examDate ?? '', i18n.language));
      setLabel(next.plan.examLabel ?? '');
      setSaved(true);
      setError(null);
      onSaved(next);
    } catch (e) {
      setError(errorOf(e));
    }
  };

  const status =
    overview.plan.examDate === null
      ? t('notebook.plan.none')
      : overview.daysToExam === null
        ? t('notebook.plan.passed')
        : t('notebook.plan.bound', { date: full(overview.plan.examDate) });

  return (
    <form
      className="plan-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="notebook-plan"
    >
      <h3>{t('notebook.plan.heading')}</h3>
      <div className="field-row">
        <label>
          {t('notebook.plan.date')}
          <input
            type="text"
            inputMode="numeric"
            placeholder={dayInputPattern(i18n.language, t('notebook.plan.dateLetters', { returnObjects: true }))}
            value={date}
            aria-invalid={badDate}
            aria-describedby={badDate ? 'notebook-date-error' : undefined}
            onChange={(e) => {
              setDate(e.target.value);
              setSaved(false);
            }}
            data-testid="notebook-exam-date"
          />
        </label>
        <label>
          {t('notebook.plan.label')}
          <input
            type="text"
            maxLength={100}
            value={label}
            onChange={(e) => {
              setLabel(e.target.value);
              setSaved(false);
            }}
            data-testid="notebook-exam-label"
          />
        </label>
        <label>
          {t('notebook.plan.retention')}
          <select
            value={retention}
            onChange={(e) => {
              setRetention(Number(e.target.value));
              setSaved(false);
            }}
            data-testid="notebook-retention-target"
          >
            {[...new Set([...RETENTIONS, overview.plan.retention])].sort().map((r) => (
              <option key={r} value={r}>
                {Math.round(r * 100)}%
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('notebook.plan.examTime')}
          <input
            type="text"
            inputMode="numeric"
            pattern="([01][0-9]|2[0-3]):[0-5][0-9]"
            placeholder="13:30"
            maxLength={5}
            value={examTime}
            onChange={(e) => {
              setExamTime(e.target.value);
              setSaved(false);
            }}
            aria-invalid={bad.examTime === true}
            aria-describedby={bad.examTime ? 'notebook-plan-error-examTime' : undefined}
            data-testid="notebook-exam-time"
          />
        </label>
        <label>
          {t('notebook.plan.newPerDay')}
          <input
            type="number"
            min={0}
            max={500}
            step={1}
            value={newPerDay}
            onChange={(e) => {
              setNewPerDay(e.target.value);
              setSaved(false);
            }}
            aria-invalid={bad.newPerDay === true}
            aria-describedby={bad.newPerDay ? 'notebook-plan-error-newPerDay' : undefined}
            data-testid="notebook-new-per-day"
          />
        </label>
        <label>
          {t('notebook.plan.dailyLimit')}
          <input
            type="number"
            min={5}
            max={1000}
            step={1}
            value={dailyLimit}
            onChange={(e) => {
              setDailyLimit(e.target.value);
              setSaved(false);
            }}
            aria-invalid={bad.dailyLimit === true}
            aria-describedby={bad.dailyLimit ? 'notebook-plan-error-dailyLimit' : undefined}
            data-testid="notebook-daily-limit"
          />
        </label>
      </div>
      {badDate && (
        <p role="alert" className="error" id="notebook-date-error" data-testid="notebook-date-error">
          {t('notebook.plan.badDate', {
            pattern: dayInputPattern(i18n.language, t('notebook.plan.dateLetters', { returnObjects: true })),
          })}
        </p>
      )}
      {PLAN_FIELDS.filter((field) => bad[field]).map((field) => (
        <p
          key={field}
          role="alert"
          className="error"
          id={`notebook-plan-error-${field}`}
          data-testid={`notebook-plan-error-${field}`}
        >
          {t(`notebook.plan.bad.${field}`)}
        </p>
      ))}
      <p className="muted">{t('notebook.plan.retentionHint')}</p>
      <p className="muted" data-testid="notebook-limits-hint">
        {t('notebook.plan.limitsHint', {
          newPerDay: overview.plan.newPerDay ?? 15,
          dailyLimit: overview.plan.dailyLimit ?? 60,
        })}
      </p>
      <p data-testid="notebook-plan-status">{status}</p>
      {overview.plan.examDate === null && (
        <p className="muted">
          {t('notebook.plan.suggestion', { date: full(overview.suggestedExamDate) })}{' '}
          <button
            type="button"
            className="secondary"
            onClick={() => void save({ examDate: overview.suggestedExamDate, examLabel: label.trim() || 'ENEM' })}
            data-testid="notebook-use-suggestion"
          >
            {t('notebook.plan.useSuggestion')}
          </button>
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" data-testid="notebook-plan-save">
          {t('notebook.plan.save')}
        </button>
        {overview.plan.examDate !== null && (
          <button
            type="button"
            className="secondary"
            onClick={() => void save({ examDate: null })}
            data-testid="notebook-plan-clear"
          >
            {t('notebook.plan.clear')}
          </button>
        )}
        {saved && (
          <span role="status" data-testid="notebook-plan-saved">
            {t('notebook.plan.saved')}
          </span>
        )}
      </div>
      <ErrorNotice error={error} testId="notebook-plan-error" />
    </form>
  );
}
