// A result's questions one by one: filtered (each filter one truth: wrong is answered and wrong,
// blanks their own), each with the student's answer, the key once it may be shown, struck
// alternatives, the worked solution, the student's note and a way into the notebook.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExamResult } from '../../../../../preload/contract';
import { ExplanationBlock } from '../../../components/ExplanationBlock';
import { ImageViewer } from '../../../components/ImageViewer';
import { ScaledImage } from '../../../components/ScaledImage';
import { AddToNotebook } from '../../notebook/AddToNotebook';
import { NoteEditor } from '../../notebook/NoteEditor';

const FILTERS = ['all', 'wrong', 'unanswered', 'guessed', 'flagged', 'right'] as const;
type Filter = (typeof FILTERS)[number];

const KEEP: Record<Filter, (q: ExamResult['questions'][number]) => boolean> = {
  all: () => true,
  wrong: (q) => q.chosen !== null && q.isCorrect === false,
  unanswered: (q) => q.chosen === null,
  guessed: (q) => q.guessed,
  flagged: (q) => q.flagged,
  right: (q) => q.isCorrect === true,
};

export function ReviewList({
  attemptId,
  result,
  onNoteSaved,
}: {
  attemptId: string;
  result: ExamResult;
  /** A question's note was saved (the result on screen shows it without reading main again). */
  onNoteSaved: (index: number, note: string | null) => void;
}) {
  const { t } = useTranslation();
  /** The question whose note is open for editing. */
  const [editing, setEditing] = useState<number | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [zoomed, setZoomed] = useState<{ src: string; alt: string } | null>(null);
  const shown = result.questions.filter(KEEP[filter]);
  return (
    <>
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
                onSaved={(text) => onNoteSaved(q.index, text || null)}
              />
            )}
          </li>
        ))}
      </ol>
      {zoomed && <ImageViewer src={zoomed.src} alt={zoomed.alt} onClose={() => setZoomed(null)} />}
    </>
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
