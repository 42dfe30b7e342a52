// Taking an attempt. Everything the student does shows at once from local state;
// the save to main runs behind it (main acknowledges only once it is on disk).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, ExamState, PracticeFeedback } from '../../../../preload/contract';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';

function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h > 0 ? `${h}:` : ''}${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
}

/** Main's clock as the renderer estimates it: its reading when the state came, advanced at its speed. */
function useMainNow(state: ExamState) {
  const [received] = useState(() => ({ local: Date.now(), main: state.clock.now }));
  const [now, setNow] = useState(state.clock.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(received.main + (Date.now() - received.local) * state.clock.speed), 250);
    return () => clearInterval(timer);
  }, [received, state.clock.speed]);
  return now;
}

export function ExamScreen({ initial, onFinished }: { initial: ExamState; onFinished: (attemptId: string) => void }) {
  const { t } = useTranslation();
  const [state] = useState(initial);
  const [current, setCurrent] = useState(initial.current);
  const [answers, setAnswers] = useState(initial.answers);
  const [flags, setFlags] = useState(initial.flags);
  const [eliminated, setEliminated] = useState(initial.eliminated);
  const [feedback, setFeedback] = useState<(PracticeFeedback | null)[]>(initial.feedback);
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const [help, setHelp] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [warning, setWarning] = useState<number | null>(null);
  const [timeUp, setTimeUp] = useState(false);
  const now = useMainNow(initial);
  const remaining = state.deadline === null ? null : state.deadline - now;
  const questionRef = useRef<HTMLHeadingElement>(null);
  const practice = state.mode === 'practice';
  const question = state.questions[current];
  const total = state.questions.length;

  const save = useCallback(
    async <T,>(work: () => Promise<T>): Promise<T | null> => {
      setPending((n) => n + 1);
      try {
        return await work();
      } catch (caught) {
        const value = errorOf(caught);
        if (value.code === 'exam-over') onFinished(state.attemptId);
        else setError(value);
        return null;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [onFinished, state.attemptId],
  );

  useEffect(() => {
    const offWarning = api.on('exam:warning', (event) => {
      if (event.attemptId === state.attemptId) setWarning(event.minutesLeft);
    });
    const offSubmitted = api.on('exam:submitted', (event) => {
      if (event.attemptId === state.attemptId) {
        setTimeUp(true);
        setTimeout(() => onFinished(state.attemptId), 1500);
      }
    });
    return () => {
      offWarning();
      offSubmitted();
    };
  }, [state.attemptId, onFinished]);

  const go = useCallback(
    (index: number) => {
      if (index < 0 || index >= total || index === current) return;
      setCurrent(index);
      questionRef.current?.focus();
      void save(() => api['exam:visit']({ attemptId: state.attemptId, index }));
    },
    [current, total, save, state.attemptId],
  );

  const choose = useCallback(
    (choice: number) => {
      if (practice && feedback[current]) return;
      const next = answers[current] === choice && !practice ? null : choice;
      setAnswers((list) => list.map((a, i) => (i === current ? next : a)));
      void save(() => api['exam:answer']({ attemptId: state.attemptId, index: current, choice: next })).then((ack) => {
        if (ack?.feedback) setFeedback((list) => list.map((f, i) => (i === current ? ack.feedback : f)));
      });
    },
    [answers, current, feedback, practice, save, state.attemptId],
  );

  const toggleFlag = useCallback(() => {
    const flagged = !flags[current];
    setFlags((list) => list.map((f, i) => (i === current ? flagged : f)));
    void save(() => api['exam:flag']({ attemptId: state.attemptId, index: current, flagged }));
  }, [current, flags, save, state.attemptId]);

  const toggleEliminated = (choice: number) => {
    const struck = !(eliminated[current] ?? []).includes(choice);
    setEliminated((list) =>
      list.map((e, i) => (i !== current ? e : struck ? [...e, choice] : e.filter((c) => c !== choice))),
    );
    void save(() => api['exam:eliminate']({ attemptId: state.attemptId, index: current, choice, eliminated: struck }));
  };

  const submit = async () => {
    setConfirming(false);
    const result = await save(() => api['exam:submit']({ attemptId: state.attemptId }));
    if (result) onFinished(state.attemptId);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (confirming) {
        if (event.key === 'Escape') setConfirming(false);
        return;
      }
      if (event.key === '?') {
        setHelp((h) => !h);
        return;
      }
      if (help && event.key === 'Escape') {
        setHelp(false);
        return;
      }
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        setConfirming(true);
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const letter = event.key.toUpperCase();
      const choice = question?.alternatives.findIndex((a) => a.letter === letter) ?? -1;
      if (choice >= 0) {
        event.preventDefault();
        choose(choice);
      } else if (event.key === 'ArrowRight') go(current + 1);
      else if (event.key === 'ArrowLeft') go(current - 1);
      else if (letter === 'F') toggleFlag();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose, confirming, current, go, help, question, toggleFlag]);

  if (!question) return null;
  const unanswered = answers.map((a, i) => (a === null ? i + 1 : null)).filter((n): n is number => n !== null);
  const flagged = flags.map((f, i) => (f ? i + 1 : null)).filter((n): n is number => n !== null);
  const fb = feedback[current];

  return (
    <section className="exam" aria-labelledby="exam-title" data-testid="exam-screen" data-attempt-id={state.attemptId}>
      <header className="exam-header">
        <h2 id="exam-title">{state.title}</h2>
        <div className="exam-status">
          <span className="muted" data-testid="exam-save-state" data-pending={pending}>
            {pending > 0 ? t('exams.saving') : t('exams.saved')}
          </span>
          <span
            className={`countdown${remaining !== null && remaining < 5 * 60_000 ? ' urgent' : ''}`}
            role="timer"
            aria-label={t('exams.timeLeft')}
            data-testid="exam-countdown"
          >
            {remaining === null ? t('exams.untimed') : formatClock(remaining)}
          </span>
          <button
            type="button"
            className="secondary"
            onClick={() => setHelp((h) => !h)}
            aria-expanded={help}
            data-testid="exam-help"
          >
            {t('exams.help')}
          </button>
          {practice ? (
            <button type="button" className="primary" onClick={() => void submit()} data-testid="exam-finish-practice">
              {t('exams.finishPractice')}
            </button>
          ) : (
            <button type="button" className="primary" onClick={() => setConfirming(true)} data-testid="exam-submit">
              {t('exams.submit')}
            </button>
          )}
        </div>
      </header>
      {warning !== null && (
        <p className="notice notice-warning" role="alert" data-testid="exam-warning">
          {t('exams.warning', { minutes: warning })}
        </p>
      )}
      {timeUp && (
        <p className="notice notice-warning" role="alert" data-testid="exam-time-up">
          {t('exams.autoSubmitted')}
        </p>
      )}
      <div className="exam-body">
        <article className="exam-question" data-testid="exam-question" data-index={current}>
          <h3 ref={questionRef} tabIndex={-1} data-testid="exam-question-number">
            {t('exams.question', { n: current + 1, total })}
            <span className="muted">
              {' '}
              · {[question.exam, question.year, question.subject].filter(Boolean).join(' · ')}
            </span>
          </h3>
          <p className="statement" data-testid="exam-statement">
            {question.statement}
          </p>
          {question.image && question.image !== 'missing' && <img className="exam-image" src={question.image} alt="" />}
          <ol className="choices" data-testid="exam-choices">
            {question.alternatives.map((alternative, index) => {
              const chosen = answers[current] === index;
              const struck = (eliminated[current] ?? []).includes(index);
              const verdict = fb ? (index === fb.correctChoice ? 'right' : chosen ? 'wrong' : '') : '';
              return (
                <li key={alternative.letter} className="choice-row">
                  <button
                    type="button"
                    className={`choice${chosen ? ' chosen' : ''}${struck ? ' struck' : ''}${verdict ? ` ${verdict}` : ''}`}
                    aria-pressed={chosen}
                    onClick={() => choose(index)}
                    data-testid={`exam-choice-${alternative.letter}`}
                  >
                    <span className="letter">{alternative.letter}</span>
                    <span className="choice-text">{alternative.text}</span>
                    {alternative.image && alternative.image !== 'missing' && <img src={alternative.image} alt="" />}
                  </button>
                  <button
                    type="button"
                    className="strike"
                    aria-pressed={struck}
                    aria-label={
                      struck
                        ? t('exams.restore', { letter: alternative.letter })
                        : t('exams.eliminate', { letter: alternative.letter })
                    }
                    onClick={() => toggleEliminated(index)}
                    data-testid={`exam-strike-${alternative.letter}`}
                  >
                    ✕
                  </button>
                </li>
              );
            })}
          </ol>
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
          <div className="actions">
            <button
              type="button"
              className="secondary"
              disabled={current === 0}
              onClick={() => go(current - 1)}
              data-testid="exam-previous"
            >
              ← {t('exams.previous')}
            </button>
            <button
              type="button"
              className="secondary"
              aria-pressed={flags[current]}
              onClick={toggleFlag}
              data-testid="exam-flag"
            >
              {flags[current] ? t('exams.unflag') : t('exams.flag')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={current === total - 1}
              onClick={() => go(current + 1)}
              data-testid="exam-next"
            >
              {t('exams.next')} →
            </button>
          </div>
        </article>
        <nav className="exam-grid" aria-label={t('exams.navigation')} data-testid="exam-grid">
          {state.questions.map((q, index) => {
            const status = [
              answers[index] !== null ? t('exams.answered') : '',
              flags[index] ? t('exams.flagged') : '',
              index === current ? t('exams.current') : '',
            ]
              .filter(Boolean)
              .join(', ');
            return (
              <button
                key={q.index}
                type="button"
                className={`grid-cell${answers[index] !== null ? ' answered' : ''}${flags[index] ? ' flagged' : ''}${index === current ? ' current' : ''}`}
                aria-current={index === current ? 'step' : undefined}
                aria-label={`${t('exams.gridItem', { n: index + 1 })}${status ? `: ${status}` : ''}`}
                onClick={() => go(index)}
                data-testid={`exam-grid-${index + 1}`}
                data-answered={answers[index] !== null}
                data-flagged={flags[index]}
              >
                {index + 1}
              </button>
            );
          })}
        </nav>
      </div>
      <ErrorNotice error={error} testId="exam-error" />
      {help && (
        <Dialog
          titleId="shortcuts-title"
          title={t('exams.shortcuts.title')}
          testId="exam-shortcuts"
          onClose={() => setHelp(false)}
          close={{ label: t('library.close'), testId: 'exam-shortcuts-close' }}
        >
          <ul>
            <li>{t('exams.shortcuts.answer')}</li>
            <li>{t('exams.shortcuts.move')}</li>
            <li>{t('exams.shortcuts.flag')}</li>
            <li>{t('exams.shortcuts.submit')}</li>
            <li>{t('exams.shortcuts.help')}</li>
          </ul>
        </Dialog>
      )}
      {confirming && (
        <Dialog
          titleId="confirm-submit-title"
          title={t('exams.confirm.title')}
          testId="exam-confirm"
          role="alertdialog"
        >
          {unanswered.length > 0 ? (
            <p data-testid="exam-confirm-unanswered">
              {t('exams.confirm.unanswered', { list: unanswered.join(', ') })}
            </p>
          ) : (
            <p>{t('exams.confirm.allAnswered')}</p>
          )}
          {flagged.length > 0 && (
            <p data-testid="exam-confirm-flagged">{t('exams.confirm.flagged', { list: flagged.join(', ') })}</p>
          )}
          <div className="actions">
            <button
              type="button"
              className="primary"
              autoFocus
              onClick={() => void submit()}
              data-testid="exam-confirm-yes"
            >
              {t('exams.confirm.yes')}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => setConfirming(false)}
              data-testid="exam-confirm-no"
            >
              {t('exams.confirm.no')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
