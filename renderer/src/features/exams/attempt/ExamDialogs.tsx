// The exam's two dialogs: the keyboard shortcuts, and the hand-in's confirmation (what is left
// unanswered or flagged; the safe choice holds the focus).
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { SHORTCUTS } from '../shortcuts';
import { useAttempt } from './hooks';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      titleId="shortcuts-title"
      title={t('exams.shortcuts.title')}
      testId="exam-shortcuts"
      onClose={onClose}
      close={{ label: t('library.close'), testId: 'exam-shortcuts-close' }}
    >
      <ul>
        {SHORTCUTS.map((key) => (
          <li key={key}>{t(`exams.shortcuts.${key}`)}</li>
        ))}
      </ul>
    </Dialog>
  );
}

/** Numbers (1-based) of the questions where `test` holds. */
const numbersWhere = <T,>(list: readonly T[], test: (item: T) => boolean) =>
  list.flatMap((item, i) => (test(item) ? [i + 1] : []));

export function ConfirmSubmitDialog({ onYes, onNo }: { onYes: () => void; onNo: () => void }) {
  const { t } = useTranslation();
  const { exam } = useAttempt();
  const review = exam.kind === 'review';
  const practice = exam.mode === 'practice';
  const unanswered = numbersWhere(exam.answers, (a) => a === null);
  const flagged = numbersWhere(exam.flags, Boolean);
  return (
    <Dialog
      titleId="confirm-submit-title"
      title={review ? t('notebook.end.title') : practice ? t('exams.confirm.practiceTitle') : t('exams.confirm.title')}
      testId="exam-confirm"
      role="alertdialog"
    >
      {review ? (
        <p data-testid="exam-confirm-review" data-left={unanswered.length}>
          {unanswered.length > 0
            ? t('notebook.end.left', { count: unanswered.length })
            : t('notebook.end.done', { count: exam.questions.length })}
        </p>
      ) : unanswered.length > 0 ? (
        <p data-testid="exam-confirm-unanswered">{t('exams.confirm.unanswered', { list: unanswered.join(', ') })}</p>
      ) : (
        <p>{t('exams.confirm.allAnswered')}</p>
      )}
      {!review && flagged.length > 0 && (
        <p data-testid="exam-confirm-flagged">{t('exams.confirm.flagged', { list: flagged.join(', ') })}</p>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={onYes} data-testid="exam-confirm-yes">
          {review ? t('notebook.end.yes') : t('exams.confirm.yes')}
        </button>
        {/* The safe choice holds the focus: Enter, or a key pressed twice, never hands in (issue 49). */}
        <button
          type="button"
          className="secondary"
          autoFocus
          data-autofocus=""
          onClick={onNo}
          data-testid="exam-confirm-no"
        >
          {review ? t('notebook.end.no') : t('exams.confirm.no')}
        </button>
      </div>
    </Dialog>
  );
}
