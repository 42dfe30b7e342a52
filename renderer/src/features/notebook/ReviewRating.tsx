// A review's rating: inferred by main from the answer, changed with a click or the keys 1–4.
import { useTranslation } from 'react-i18next';
import type { ReviewGrade } from '../../../../preload/contract';

const GRADES: ReviewGrade[] = [1, 2, 3, 4];

export function ReviewRating({ grade, onRate }: { grade: ReviewGrade | null; onRate: (grade: ReviewGrade) => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="review-rating"
      role="group"
      aria-label={t('notebook.rating')}
      data-testid="exam-rating"
      data-grade={grade ?? ''}
    >
      <span>{t('notebook.rating')}</span>
      {GRADES.map((g) => (
        <button
          key={g}
          type="button"
          className={grade === g ? 'primary' : 'secondary'}
          aria-pressed={grade === g}
          onClick={() => onRate(g)}
          data-testid={`exam-rate-${g}`}
        >
          {g} · {t(`notebook.grade.${g}`)}
        </button>
      ))}
      <span className="muted">{t('notebook.ratingHint')}</span>
    </div>
  );
}
