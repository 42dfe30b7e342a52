// A review's rating: inferred by main from the answer, changed with a click or the keys 1–4. Each
// button says when the question would come back (main schedules; the screen only reads it).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RatingPreview, ReviewGrade } from '../../../../preload/contract';
import { api } from '../../lib/bridge';

const GRADES: ReviewGrade[] = [1, 2, 3, 4];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An interval as a button says it: minutes, hours, days, months (whole, never "0"). */
export function intervalParts(ms: number): { unit: 'minutes' | 'hours' | 'days' | 'months'; count: number } {
  if (ms < HOUR) return { unit: 'minutes', count: Math.max(1, Math.round(ms / MINUTE)) };
  if (ms < DAY) return { unit: 'hours', count: Math.max(1, Math.round(ms / HOUR)) };
  if (ms < 60 * DAY) return { unit: 'days', count: Math.max(1, Math.round(ms / DAY)) };
  return { unit: 'months', count: Math.round(ms / (30 * DAY)) };
}

export function ReviewRating({
  attemptId,
  index,
  grade,
  onRate,
}: {
  attemptId: string;
  index: number;
  grade: ReviewGrade | null;
  onRate: (grade: ReviewGrade) => void;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<RatingPreview[] | null>(null);

  useEffect(() => {
    let live = true;
    setPreview(null);
    api['exam:rating-preview']({ attemptId, index }).then(
      (value) => live && setPreview(value),
      // Without a preview the buttons still rate; they just do not say when.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [attemptId, index]);

  const intervalOf = (g: ReviewGrade): string | null => {
    const found = preview?.find((p) => p.grade === g);
    if (!found) return null;
    if (found.inMs === null) return t('notebook.interval.rest');
    const { unit, count } = intervalParts(found.inMs);
    return t(`notebook.interval.${unit}`, { count });
  };

  return (
    <div
      className="review-rating"
      role="group"
      aria-label={t('notebook.rating')}
      data-testid="exam-rating"
      data-grade={grade ?? ''}
      data-previewed={preview !== null}
    >
      <span>{t('notebook.rating')}</span>
      {GRADES.map((g) => {
        const interval = intervalOf(g);
        return (
          <button
            key={g}
            type="button"
            className={grade === g ? 'primary' : 'secondary'}
            aria-pressed={grade === g}
            onClick={() => onRate(g)}
            data-testid={`exam-rate-${g}`}
            data-interval={preview?.find((p) => p.grade === g)?.inMs ?? (preview ? 'rest' : '')}
          >
            {g} · {t(`notebook.grade.${g}`)}
            {interval && (
              <span className="rating-interval" data-testid={`exam-rate-${g}-interval`}>
                {interval}
              </span>
            )}
          </button>
        );
      })}
      <span className="muted">
        {t('notebook.ratingHint')} {t('notebook.intervalHint')}
      </span>
    </div>
  );
}
