// A result in figures: right answers by area, subject and difficulty, the time each question took,
// and the pace against the exam's budget (not for paper sheets, which have no clock, nor reviews).
import { useTranslation } from 'react-i18next';
import type { AreaId, ExamResult } from '../../../../../preload/contract';
import { BarChart } from '../../../components/BarChart';
import { minutes } from './format';

export function ResultCharts({ result }: { result: ExamResult }) {
  const { t } = useTranslation();
  const review = result.kind === 'review';
  const label = (key: string) =>
    key === 'easy' || key === 'medium' || key === 'hard' ? t(`difficulty.${key}`) : key === 'unknown' ? '—' : key;
  return (
    <>
      <div className="charts">
        {result.byArea.length > 0 && (
          <BarChart
            title={t('results.byArea')}
            testId="chart-area"
            bars={result.byArea.map((line) => ({
              label: t(`exams.area.${line.key as AreaId}`),
              value: line.correct,
              max: line.total,
              caption: `${line.correct}/${line.total}`,
            }))}
          />
        )}
        <BarChart
          title={t('results.bySubject')}
          testId="chart-subject"
          bars={result.bySubject.map((line) => ({
            label: line.label,
            value: line.correct,
            max: line.total,
            caption: `${line.correct}/${line.total}`,
          }))}
        />
        <BarChart
          title={t('results.byDifficulty')}
          testId="chart-difficulty"
          bars={result.byDifficulty.map((line) => ({
            label: label(line.key),
            value: line.correct,
            max: line.total,
            caption: `${line.correct}/${line.total}`,
          }))}
        />
        {!result.paper && (
          // One bar per question (90 on an ENEM day) behind a disclosure: the review comes before it.
          <details className="time-details" data-testid="chart-time-details">
            <summary>{t('results.timePerQuestion')}</summary>
            <BarChart
              title={t('results.timePerQuestion')}
              testId="chart-time"
              bars={result.questions.map((q) => ({
                label: t('exams.gridItem', { n: q.index + 1 }),
                value: q.timeMs,
                max: Math.max(1, ...result.questions.map((x) => x.timeMs)),
                caption: minutes(q.timeMs),
              }))}
            />
          </details>
        )}
      </div>
      {/* A review has no time budget: a pace "the exam allows" would be invented. */}
      {!result.paper && !review && (
        <section className="pacing" aria-labelledby="pacing-heading" data-testid="result-pacing">
          <h3 id="pacing-heading">{t('results.pacing')}</h3>
          <p>{t('results.budget', { budget: minutes(result.pacing.budgetMs) })}</p>
          <ul>
            {result.pacing.byArea.map((line) => (
              <li
                key={line.key}
                data-testid="pacing-area"
                data-area={line.key}
                className={line.timeMs > line.budgetMs ? 'over' : undefined}
              >
                {t('results.areaPace', {
                  area: line.key === 'other' ? t('results.otherArea') : t(`exams.area.${line.key}`),
                  used: minutes(line.timeMs),
                  budget: minutes(line.budgetMs),
                })}
              </li>
            ))}
          </ul>
          <h4>{t('results.slowest')}</h4>
          {result.pacing.slowest.length === 0 ? (
            <p className="muted">{t('results.noSlow')}</p>
          ) : (
            <ol data-testid="pacing-slowest">
              {result.pacing.slowest.map((q) => (
                <li key={q.index}>{t('results.slowItem', { n: q.index + 1, time: minutes(q.timeMs) })}</li>
              ))}
            </ol>
          )}
        </section>
      )}
    </>
  );
}
