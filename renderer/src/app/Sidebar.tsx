// The window's sidebar: the app's name, the exam countdown, one button a screen (the notebook's with
// its reviews due), and the way back to a running attempt with main's clock. Where the window is
// narrow for the chosen type (the ENEM's 32 px below 1440 px: styles.css, "The folded sidebar"), it
// folds into a bar with a menu button; the way back to a running attempt stays on the bar.
import { useRef, useState, type KeyboardEvent } from 'react';
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
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const choose = (name: Screen) => {
    setOpen(false);
    onChoose(name);
    // Folded, the chosen button hides with the menu: a screen already shown keeps no new context for
    // the app's focus rule to place, so the focus returns to the menu button rather than to <body>.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && panel.current?.contains(active) && active.offsetParent === null)
        toggle.current?.focus();
    });
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <nav className="sidebar" aria-label={t('app.title')} data-open={open} onKeyDown={closeOnEscape}>
      <div className="sidebar-bar">
        <button
          type="button"
          ref={toggle}
          className="nav-toggle"
          data-testid="nav-menu"
          aria-expanded={open}
          aria-controls="nav-panel"
          onClick={() => setOpen((now) => !now)}
        >
          <span aria-hidden="true">☰</span> {t('app.menu')}
        </button>
        <h1 className="brand">{t('app.title')}</h1>
        {runningExam && <RunningExamLink exam={runningExam} onOpen={() => onOpenRunning(runningExam.attemptId)} />}
      </div>
      <div className="nav-panel" id="nav-panel" ref={panel} data-testid="nav-panel">
        {notebook && <ExamCountdown overview={notebook} onOpen={() => choose('notebook')} />}
        <ul>
          {SCREENS.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="nav-item"
                data-testid={`nav-${name}`}
                aria-current={highlighted === name ? 'page' : undefined}
                onClick={() => choose(name)}
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
      </div>
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
      <span className="muted running-exam-title">{titleOf(exam)}</span>
      {/* A clock only where there is a time limit: an untimed practice or a review has none to count. */}
      {exam.deadline !== null && (
        <span className="countdown" role="timer" data-testid="nav-running-countdown">
          {formatClock(exam.deadline - now)}
        </span>
      )}
    </button>
  );
}
