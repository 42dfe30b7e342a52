// The plan's promise at the exam's hour (main simulates the sessions under the limits) and the
// memory model in use: said in numbers, with the limits that would keep the promise when these do not.
import { useTranslation } from 'react-i18next';
import type { NotebookOverview } from '../../../../preload/contract';
import { formatDay } from './dates';

const percent = (value: number | null) => (value === null ? '—' : String(Math.floor(value * 100)));

export function Readiness({
  overview,
  onUseLimits,
}: {
  overview: NotebookOverview;
  onUseLimits: (limits: { newPerDay: number; dailyLimit: number }) => void;
}) {
  const { t, i18n } = useTranslation();
  const { readiness, model, plan } = overview;
  const decimals = (value: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(value);
  const checkedOn = model.check ? new Date(model.check.at).toLocaleDateString(i18n.language) : '';
  return (
    <section
      className="readiness"
      aria-labelledby="readiness-heading"
      data-testid="notebook-readiness"
      {...(readiness && {
        'data-at-target': readiness.atTarget,
        'data-cards': readiness.cards,
        'data-goal': readiness.goal,
      })}
    >
      {readiness && plan.examDate && (
        <>
          <h3 id="readiness-heading">
            {t('notebook.readiness.heading')}{' '}
            <span className="muted">
              {t('notebook.readiness.at', {
                date: formatDay(plan.examDate, i18n.language, { year: 'numeric' }),
                time: plan.examTime ?? '13:30',
              })}
            </span>
          </h3>
          {readiness.atTarget >= readiness.goal && readiness.left === 0 ? (
            <p data-testid="notebook-readiness-ready" data-below="0">
              {t('notebook.readiness.ready', {
                atTarget: readiness.atTarget,
                cards: readiness.cards,
                weakest: percent(readiness.weakest),
              })}
            </p>
          ) : (
            <div
              role="status"
              className="warning"
              data-testid="notebook-readiness-short"
              data-below={readiness.cards - readiness.atTarget}
            >
              <p>
                {readiness.atTarget < readiness.goal &&
                  t('notebook.readiness.short', {
                    below: readiness.cards - readiness.atTarget,
                    cards: readiness.cards,
                    goal: readiness.goal,
                    weakest: percent(readiness.weakest),
                  })}
                {readiness.atTarget < readiness.goal && readiness.left > 0 && ' '}
                {readiness.left > 0 && (
                  <span data-testid="notebook-readiness-left" data-left={readiness.left}>
                    {t('notebook.readiness.left', { count: readiness.left })}
                  </span>
                )}
              </p>
              {readiness.needed ? (
                <p>
                  <span
                    data-testid="notebook-readiness-needed"
                    data-new-per-day={readiness.needed.newPerDay}
                    data-reviews-per-day={readiness.needed.reviewsPerDay}
                  >
                    {t('notebook.readiness.needed', { ...readiness.needed, goal: readiness.goal })}
                  </span>{' '}
                  <button
                    type="button"
                    className="secondary"
                    onClick={() =>
                      readiness.needed &&
                      onUseLimits({ newPerDay: readiness.needed.newPerDay, dailyLimit: readiness.needed.reviewsPerDay })
                    }
                    data-testid="notebook-readiness-use"
                  >
                    {t('notebook.readiness.useNeeded')}
                  </button>
                </p>
              ) : (
                <p data-testid="notebook-readiness-impossible">{t('notebook.readiness.impossible')}</p>
              )}
            </div>
          )}
          <p className="muted" data-testid="notebook-readiness-assumes">
            {t('notebook.readiness.assumption')}{' '}
            {t(
              readiness.assumes.learned.firstSight || readiness.assumes.learned.grades
                ? 'notebook.readiness.assumesLearned'
                : 'notebook.readiness.assumesPrior',
              {
                firstSight: Math.round(readiness.assumes.firstSight * 100),
                hard: Math.round(readiness.assumes.grades.hard * 100),
                easy: Math.round(readiness.assumes.grades.easy * 100),
              },
            )}
          </p>
        </>
      )}
      <p className="muted" data-testid="notebook-model" data-fitted={model.fitted}>
        {model.check === null
          ? t('notebook.model.defaults', { needed: model.needed, reviews: model.reviews })
          : t(model.fitted ? 'notebook.model.fitted' : 'notebook.model.rejected', {
              date: checkedOn,
              fitted: decimals(model.check.logLoss.fitted),
              defaults: decimals(model.check.logLoss.defaults),
            })}
      </p>
    </section>
  );
}
