// The window's sidebar: the app's name, the exam countdown, one button a screen (the notebook's with
// its reviews due), and the way back to a running attempt with main's clock.
import { useTranslation } from 'react-i18next';
import type { NotebookOverview, RunningExam } from '../../../preload/contract';
import { formatClock, useMainNow } from '../features/exams/clock';
import { useAttemptTitle } from '../features/exams/attemptTitle';
import { ExamCountdown } from '../features/notebook/ExamCountdown';
import { SCREENS, type Screen } from '../lib/screens';

export function Sidebar({
  notebook,
  highlighted,
  runningExam,
  onChoose,
  onOpenRunning,
}: {
  notebook: NotebookOverview | null;
  highlighted: Screen | null;
  runningExam: RunningExam | null;
  onChoose: (screen: Screen) => void;
  onOpenRunning: (attemptId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="sidebar" aria-label={t('app.title')}>
      <h1 className="brand">{t('app.title')}</h1>
      {notebook && <ExamCountdown overview={notebook} onOpen={() => onChoose('notebook')} />}
      <ul>
        {SCREENS.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="nav-item"
              data-testid={`nav-${name}`}
              aria-current={highlighted === name ? 'page' : undefined}
              onClick={() => onChoose(name)}
            >
              {t(`app.nav.${name}`)}
              {name === 'notebook' && notebook !== null && notebook.dueToday > 0 && (
                <span className="badge" data-testid="nav-notebook-due">
                  {notebook.dueToday}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {runningExam && <RunningExamLink exam={runningExam} onOpen={() => onOpenRunning(runningExam.attemptId)} />}
    </nav>
  );
}

/** The sidebar's way back to the running attempt, with main's countdown. */
function RunningExamLink({ exam, onOpen }: { exam: RunningExam; onOpen: () => void }) {
  const { t } = useTranslation();
  const titleOf = useAttemptTitle();
  const now = useMainNow(exam.clock);
  return (
    <button
      type="button"
      className="nav-item running-exam"
      onClick={onOpen}
      data-testid="nav-running-exam"
      data-kind={exam.kind}
    >
      <span>{exam.kind === 'review' ? t('notebook.reviewRunning') : t('exams.running')}</span>
      <span className="muted">{titleOf(exam)}</span>
      {/* A clock only where there is a time limit: an untimed practice or a review has none to count. */}
      {exam.deadline !== null && (
        <span className="countdown" role="timer" data-testid="nav-running-countdown">
          {formatClock(exam.deadline - now)}
        </span>
      )}
    </button>
  );
}
