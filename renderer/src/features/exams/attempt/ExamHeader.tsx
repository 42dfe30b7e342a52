// The exam's header: its title, how many are answered, the save state, the clock, help and hand-in.
import { useTranslation } from 'react-i18next';
import { formatClock, useMainNow } from '../clock';
import { useAttemptTitle } from '../attemptTitle';
import { useAttempt } from './hooks';

export function ExamHeader({ help, onHelp, onFinish }: { help: boolean; onHelp: () => void; onFinish: () => void }) {
  const { t } = useTranslation();
  const { exam, pending } = useAttempt();
  const titleOf = useAttemptTitle();
  const now = useMainNow(exam.clock);
  const remaining = exam.deadline === null ? null : exam.deadline - now;
  const review = exam.kind === 'review';
  const total = exam.questions.length;
  const againLeft = exam.repeats.filter((repeat, index) => repeat && exam.answers[index] === null).length;
  return (
    <header className="exam-header">
      <h2 id="exam-title">{titleOf(exam)}</h2>
      <div className="exam-status">
        <span className="answered-count" data-testid="exam-answered-count">
          {t('exams.answeredCount', { answered: exam.answers.filter((a) => a !== null).length, total })}
        </span>
        {review && againLeft > 0 && (
          <span className="muted" data-testid="review-again-left" data-count={againLeft}>
            {t('notebook.againLeft', { count: againLeft })}
          </span>
        )}
        <span className="muted" data-testid="exam-save-state" data-pending={pending}>
          {pending > 0 ? t('exams.saving') : t('exams.saved')}
        </span>
        {remaining !== null ? (
          <span
            className={`countdown${remaining < 5 * 60_000 ? ' urgent' : ''}`}
            role="timer"
            aria-label={t('exams.timeLeft')}
            data-testid="exam-countdown"
          >
            {formatClock(remaining)}
          </span>
        ) : (
          // No limit, no clock: a review says nothing of time; an untimed practice says it once, quietly.
          !review && (
            <span className="muted" data-testid="exam-untimed">
              {t('exams.untimed')}
            </span>
          )
        )}
        <button type="button" className="secondary" onClick={onHelp} aria-expanded={help} data-testid="exam-help">
          {t('exams.help')}
        </button>
        {exam.mode === 'practice' ? (
          <button type="button" className="primary" onClick={onFinish} data-testid="exam-finish-practice">
            {review ? t('exams.finishReview') : t('exams.finishPractice')}
          </button>
        ) : (
          <button type="button" className="primary" onClick={onFinish} data-testid="exam-submit">
            {t('exams.submit')}
          </button>
        )}
      </div>
    </header>
  );
}
