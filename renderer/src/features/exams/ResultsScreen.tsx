import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaId, BridgeErrorValue, ExamResult, ExamState } from '../../../../preload/contract';
import { BarChart } from '../../components/BarChart';
import { ImageViewer } from '../../components/ImageViewer';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ExplanationBlock } from '../../components/ExplanationBlock';
import { AddToNotebook } from '../notebook/AddToNotebook';
import { NoteEditor } from '../notebook/NoteEditor';
import { useAttemptTitle } from './attemptTitle';
import { ExportResult } from '../class/ExportResult';
import { ReleaseCode } from '../packs/ReleaseCode';
import { api, errorOf } from '../../lib/bridge';
import { ScaledImage } from '../../components/ScaledImage';

/** Each filter says one truth: wrong is answered and wrong; blank answers are their own. */
const FILTERS = ['all', 'wrong', 'unanswered', 'guessed', 'flagged', 'right'] as const;
type Filter = (typeof FILTERS)[number];

const minutes = (ms: number) => {
  const total = Math.round(ms / 1000);
  // No-break spaces: "3 min 00 s" never breaks before its unit at large type.
  return `${Math.floor(total / 60)}\u00a0min ${String(total % 60).padStart(2, '0')}\u00a0s`;
};

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
  /** The question whose note is open for editing. */
  const [editing, setEditing] = useState<number | null>(null);
  const [result, setResult] = useState<ExamResult | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [retryBlank, setRetryBlank] = useState(false);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const [zoomed, setZoomed] = useState<{ src: string; alt: string } | null>(null);

  useEffect(() => {
    void api['exam:result']({ attemptId }).then(setResult, (e: unknown) => setError(errorOf(e)));
  }, [attemptId]);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = result !== null;
  const kind = result?.kind;
  useEffect(() => {
    if (kind) onKind?.(kind);
  }, [kind, onKind]);
  // Arrived here by submitting (the button that did it is gone with the exam): the focus starts on
  // the result's heading, not on <body>, where the next Tab would go to the top of the window.
  useEffect(() => {
    if (loaded && (document.activeElement === document.body || document.activeElement === null))
      heading.current?.focus();
  }, [loaded]);

  if (!result) return <ErrorNotice error={error} testId="result-error" />;
  const review = result.kind === 'review';
  const percent = result.score.total ? Math.round((result.score.correct / result.score.total) * 100) : 0;
  const keep: Record<Filter, (q: ExamResult['questions'][number]) => boolean> = {
    all: () => true,
    wrong: (q) => q.chosen !== null && q.isCorrect === false,
    unanswered: (q) => q.chosen === null,
    guessed: (q) => q.guessed,
    flagged: (q) => q.flagged,
    right: (q) => q.isCorrect === true,
  };
  const shown = result.questions.filter(keep[filter]);
  const retry = async () => {
    try {
      onRetry(await api['exam:retry-wrong']({ attemptId, includeBlank: retryBlank }));
    } catch (caught) {
      setError(errorOf(caught));
    }
  };
  const label = (key: string) =>
    key === 'easy' || key === 'medium' || key === 'hard' ? t(`difficulty.${key}`) : key === 'unknown' ? '—' : key;

  return (
    <section aria-labelledby="result-heading" data-testid="screen-result" data-attempt-id={attemptId}>
      <h2 id="result-heading" ref={heading} tabIndex={-1} data-focus-return>
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
            onReleased={() => void api['exam:result']({ attemptId }).then(setResult)}
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
      <h3>{t('results.review')}</h3>
      <div role="group" aria-label={t('results.review')} className="actions" data-testid="review-filters">
        {FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            className="secondary"
            aria-pressed={filter === name}
            onClick={() => setFilter(name)}
            data-testid={`review-filter-${name}`}
          >
            {t(`results.filter.${name}`)}
          </button>
        ))}
      </div>
      <ol className="review-list" data-testid="review-list">
        {shown.map((q) => (
          <li
            key={q.index}
            className={q.hidden ? 'review-hidden' : q.isCorrect ? 'review-right' : 'review-wrong'}
            data-testid="review-item"
            data-correct={q.hidden ? undefined : q.isCorrect}
            data-hidden={q.hidden}
          >
            <h4>
              {t('exams.gridItem', { n: q.index + 1 })} · {q.subject}
              {q.guessed && (
                <span className="badge" data-testid="review-guessed">
                  {t('results.guessBadge')}
                </span>
              )}
              {q.flagged && (
                <span className="badge" data-testid="review-flagged">
                  ⚑ {t('results.flagBadge')}
                </span>
              )}
            </h4>
            <p className="statement">{q.statement}</p>
            {q.image && q.image !== 'missing' && (
              <ZoomableImage
                src={q.image}
                alt={t('results.figureAlt', { n: q.index + 1 })}
                label={t('results.zoom')}
                onZoom={setZoomed}
              />
            )}
            <ul className="alternatives">
              {q.alternatives.map((a, i) => (
                <li
                  key={a.letter}
                  className={
                    [
                      i === q.correctChoice ? 'correct' : i === q.chosen ? 'wrong' : '',
                      q.eliminated.includes(i) ? 'struck' : '',
                    ]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  data-testid="review-alternative"
                  data-struck={q.eliminated.includes(i)}
                >
                  <span className="letter">{a.letter}</span> <span className="alternative-text">{a.text}</span>{' '}
                  {q.eliminated.includes(i) && (
                    <span className="muted" data-testid="review-struck">
                      ({t('results.struck')})
                    </span>
                  )}{' '}
                  {a.image && a.image !== 'missing' && (
                    <ZoomableImage
                      src={a.image}
                      alt={t('results.alternativeFigureAlt', { letter: a.letter })}
                      label={t('results.zoom')}
                      onZoom={setZoomed}
                    />
                  )}
                  {a.originalLetter !== null && (
                    <span className="muted">({t('results.original', { letter: a.originalLetter })})</span>
                  )}
                </li>
              ))}
            </ul>
            {q.explanation && <ExplanationBlock explanation={q.explanation} testId="review-explanation" />}
            <p data-testid="review-answer">
              {q.chosen === null
                ? t('results.noAnswer')
                : t('results.yourAnswer', { letter: q.alternatives[q.chosen]?.letter ?? '' })}{' '}
              ·{' '}
              {q.hidden || q.correctChoice === null
                ? t('results.hidden')
                : t('results.correctAnswer', { letter: q.alternatives[q.correctChoice]?.letter ?? '' })}
            </p>
            {q.note && editing !== q.index && (
              <p className="note-preview" data-testid="review-note-text">
                {q.note}
              </p>
            )}
            {!q.hidden && (
              <div className="actions">
                <button
                  type="button"
                  className="secondary"
                  aria-expanded={editing === q.index}
                  onClick={() => setEditing((i) => (i === q.index ? null : q.index))}
                  data-testid="review-note-toggle"
                >
                  {t('notebook.note')}
                </button>
                <AddToNotebook
                  questionRef={{ attemptId, index: q.index }}
                  testId="review-add-notebook"
                  already={q.inNotebook}
                />
              </div>
            )}
            {editing === q.index && (
              <NoteEditor
                questionRef={{ attemptId, index: q.index }}
                testId="review-note"
                onSaved={(text) =>
                  setResult(
                    (r) =>
                      r && {
                        ...r,
                        questions: r.questions.map((item) =>
                          item.index === q.index ? { ...item, note: text || null } : item,
                        ),
                      },
                  )
                }
              />
            )}
          </li>
        ))}
      </ol>
      {zoomed && <ImageViewer src={zoomed.src} alt={zoomed.alt} onClose={() => setZoomed(null)} />}
    </section>
  );
}

/** A figure in the review: shown with its alt text, opened in the viewer on a click. */
function ZoomableImage({
  src,
  alt,
  label,
  onZoom,
}: {
  src: string;
  alt: string;
  label: string;
  onZoom: (image: { src: string; alt: string }) => void;
}) {
  return (
    <button
      type="button"
      className="image-button"
      onClick={() => onZoom({ src, alt })}
      aria-label={`${label}: ${alt}`}
      data-testid="review-image"
    >
      <ScaledImage className="review-image" src={src} alt={alt} />
    </button>
  );
}
