// "Tempo até a prova": the days left to the exam date, always in sight (the sidebar).
import { useTranslation } from 'react-i18next';
import type { NotebookOverview } from '../../../../preload/contract';

export function ExamCountdown({ overview, onOpen }: { overview: NotebookOverview; onOpen: () => void }) {
  const { t } = useTranslation();
  const days = overview.daysToExam;
  if (days === null) return null;
  const label = overview.plan.examLabel ?? t('notebook.defaultLabel');
  const text =
    days === 0
      ? t('notebook.countdownToday', { label })
      : days === 1
        ? t('notebook.countdownOne', { label })
        : t('notebook.countdown', { count: days, label });
  return (
    <button
      type="button"
      className="exam-countdown"
      onClick={onOpen}
      data-testid="exam-date-countdown"
      data-days={days}
    >
      {text}
    </button>
  );
}
