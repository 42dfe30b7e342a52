// The question shown: its heading, statement and figure, the alternatives, a practice answer's
// check and solution, a review's rating and note, and the row of steps (previous, flag, guess,
// undo, next).
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewGrade } from '../../../../../preload/contract';
import { ExplanationBlock } from '../../../components/ExplanationBlock';
import { ScaledImage } from '../../../components/ScaledImage';
import { NoteEditor } from '../../notebook/NoteEditor';
import { ReviewRating } from '../../notebook/ReviewRating';
import { Choices, type ChoicesProps } from './Choices';
import { useAttempt, useAttemptActions } from './hooks';

export interface QuestionPanelProps extends ChoicesProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  nextStepRef: RefObject<HTMLDivElement | null>;
  onGo: (index: number) => void;
  onRate: (grade: ReviewGrade) => void;
  onUndo: () => void;
}

export function QuestionPanel({ headingRef, nextStepRef, onGo, onRate, onUndo, ...choices }: QuestionPanelProps) {
  const { t } = useTranslation();
  const { exam } = useAttempt();
  const store = useAttemptActions();
  const { current, attemptId } = exam;
  const question = exam.questions[current];
  const fb = exam.feedback[current];
  const review = exam.kind === 'review';
  const total = exam.questions.length;
  if (!question) return null;
  const figure = question.image && question.image !== 'missing' ? question.image : null;
  const figureAlt = t('results.figureAlt', { n: current + 1 });
  return (
    <article className="exam-question" data-testid="exam-question" data-index={current}>
      <h3 ref={headingRef} tabIndex={-1} data-testid="exam-question-number" data-focus-start>
        {t('exams.question', { n: current + 1, total })}
        <span className="muted"> · {[question.exam, question.year, question.subject].filter(Boolean).join(' · ')}</span>
      </h3>
      {exam.repeats[current] && (
        <p className="notice notice-info" data-testid="exam-repeat">
          {t('notebook.repeat')}
        </p>
      )}
      <p className="statement" data-testid="exam-statement">
        {question.statement}
      </p>
      {figure && (
        <button
          type="button"
          className="image-button"
          aria-label={t('viewer.open')}
          onClick={() => choices.onView({ src: figure, alt: figureAlt })}
          data-testid="exam-image"
        >
          <ScaledImage className="exam-image" src={figure} alt={figureAlt} />
        </button>
      )}
      <Choices {...choices} />
      {fb && (
        <p
          className={`notice ${fb.correct ? 'notice-success' : 'notice-error'}`}
          role="status"
          data-testid="exam-feedback"
          data-correct={fb.correct}
        >
          {fb.correct
            ? t('exams.feedbackRight')
            : t('exams.feedbackWrong', { letter: question.alternatives[fb.correctChoice]?.letter ?? '' })}
        </p>
      )}
      {fb?.explanation && <ExplanationBlock explanation={fb.explanation} testId="exam-explanation" />}
      {fb && review && (
        <ReviewRating attemptId={attemptId} index={current} grade={exam.grades[current] ?? null} onRate={onRate} />
      )}
      <div ref={nextStepRef} aria-hidden="true" />
      {fb && <NoteEditor key={current} questionRef={{ attemptId, index: current }} testId="exam-note" />}
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={current === 0}
          onClick={() => onGo(current - 1)}
          data-testid="exam-previous"
        >
          ← {t('exams.previous')}
        </button>
        {/* "Marcar para revisão" inside a review of the notebook would mean two reviews: not offered. */}
        {!review && (
          <button
            type="button"
            className="secondary"
            aria-pressed={exam.flags[current]}
            onClick={() => store.toggleFlag()}
            data-testid="exam-flag"
          >
            {exam.flags[current] ? t('exams.unflag') : t('exams.flag')}
          </button>
        )}
        <button
          type="button"
          className="secondary"
          aria-pressed={exam.guessed[current]}
          onClick={() => void store.toggleGuess()}
          data-testid="exam-guess"
        >
          {t('exams.guess')}
        </button>
        {review && exam.undoable !== null && (
          <button
            type="button"
            className="secondary"
            onClick={onUndo}
            data-testid="exam-undo-rating"
            data-index={exam.undoable}
          >
            ↶ {t('notebook.undo')}
          </button>
        )}
        <button
          type="button"
          className="secondary"
          disabled={current === total - 1}
          onClick={() => onGo(current + 1)}
          data-testid="exam-next"
        >
          {t('exams.next')} →
        </button>
      </div>
    </article>
  );
}
