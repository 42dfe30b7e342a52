// Taking an attempt. The screen keeps no attempt of its own: it reads main's state
// when it opens (and again on every event), so leaving and coming back always
// shows the truth. What the student does shows at once; the save to main runs
// behind it (main acknowledges only once it is on disk).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaId, BridgeErrorValue, ExamState, PracticeFeedback, ReviewGrade } from '../../../../preload/contract';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ExplanationBlock } from '../../components/ExplanationBlock';
import { ImageViewer } from '../../components/ImageViewer';
import { api, errorOf } from '../../lib/bridge';
import { formatClock, useMainNow } from './clock';
import { SHORTCUTS } from './shortcuts';
import { useAttemptTitle } from './attemptTitle';
import { NoteEditor } from '../notebook/NoteEditor';
import { ReviewRating } from '../notebook/ReviewRating';
import { ScaledImage } from '../../components/ScaledImage';

/** Reads the running attempt from main; `null` once it has ended. */
export function ExamScreen({ attemptId, onFinished }: { attemptId: string; onFinished: (attemptId: string) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ExamState | null>(null);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  useEffect(() => {
    let alive = true;
    api['exam:current']({}).then(
      (current) => {
        if (!alive) return;
        if (!current || current.attemptId !== attemptId) onFinished(attemptId);
        else setState(current);
      },
      (caught: unknown) => alive && setError(errorOf(caught)),
    );
    return () => {
      alive = false;
    };
  }, [attemptId, onFinished]);
  if (!state) return error ? <ErrorNotice error={error} testId="exam-error" /> : <p>{t('app.loading')}</p>;
  return <LiveExam key={state.attemptId} initial={state} onFinished={onFinished} />;
}

function LiveExam({ initial, onFinished }: { initial: ExamState; onFinished: (attemptId: string) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState(initial);
  const [current, setCurrent] = useState(initial.current);
  const [answers, setAnswers] = useState(initial.answers);
  const [flags, setFlags] = useState(initial.flags);
  const [eliminated, setEliminated] = useState(initial.eliminated);
  const [feedback, setFeedback] = useState<(PracticeFeedback | null)[]>(initial.feedback);
  const [guessed, setGuessed] = useState(initial.guessed);
  const [grades, setGrades] = useState(initial.grades);
  const review = initial.kind === 'review';
  const titleOf = useAttemptTitle();
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const [help, setHelp] = useState(false);
  /** A figure open in the viewer (its keys stay there; the exam's shortcuts wait). */
  const [viewing, setViewing] = useState<{ src: string; alt: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [warning, setWarning] = useState<number | null>(null);
  const [timeUp, setTimeUp] = useState(false);
  const now = useMainNow(initial.clock);
  const remaining = state.deadline === null ? null : state.deadline - now;
  const questionRef = useRef<HTMLHeadingElement>(null);
  const nextStepRef = useRef<HTMLDivElement>(null);
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

  /** Main's state again (a review's rating can bring a card back or take a repeat away). */
  const adopt = useCallback((fresh: ExamState, moveTo?: number) => {
    setState(fresh);
    setAnswers(fresh.answers);
    setFlags(fresh.flags);
    setEliminated(fresh.eliminated);
    setFeedback(fresh.feedback);
    setGuessed(fresh.guessed);
    setGrades(fresh.grades);
    if (moveTo !== undefined) setCurrent(moveTo);
  }, []);

  const reread = useCallback(async () => {
    const fresh = await api['exam:current']({});
    if (fresh?.attemptId === state.attemptId) adopt(fresh);
  }, [adopt, state.attemptId]);

  // Time per question counts only while this screen is in front: another screen, another app or a
  // hidden window stops it (main keeps the count; a refusal after the end changes nothing).
  useEffect(() => {
    const tell = (present: boolean) =>
      void api['exam:presence']({ attemptId: state.attemptId, present }).catch(() => undefined);
    const onVisibility = () => tell(document.visibilityState === 'visible');
    const onBlur = () => tell(false);
    const onFocus = () => tell(true);
    tell(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      tell(false);
    };
  }, [state.attemptId]);

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
        if (ack?.feedback) {
          setFeedback((list) => list.map((f, i) => (i === current ? ack.feedback : f)));
          // The feedback (and a review's rating, the next step) may fall below the fold at large type: shown.
          requestAnimationFrame(() => nextStepRef.current?.scrollIntoView({ block: 'nearest' }));
        }
        if (ack?.grade) setGrades((list) => list.map((g, i) => (i === current ? ack.grade : g)));
        // A missed card comes back at the end of the session: the list grows.
        if (ack?.grade && review) void reread();
      });
    },
    [answers, current, feedback, practice, reread, review, save, state.attemptId],
  );

  const toggleFlag = useCallback(() => {
    const flagged = !flags[current];
    setFlags((list) => list.map((f, i) => (i === current ? flagged : f)));
    void save(() => api['exam:flag']({ attemptId: state.attemptId, index: current, flagged }));
  }, [current, flags, save, state.attemptId]);

  const toggleGuess = useCallback(() => {
    const next = !guessed[current];
    setGuessed((list) => list.map((g, i) => (i === current ? next : g)));
    void save(() => api['exam:guess']({ attemptId: state.attemptId, index: current, guessed: next })).then(async () => {
      // In a review, a guess changes the rating main inferred: read it back.
      if (!review || !feedback[current]) return;
      const fresh = await api['exam:current']({});
      if (fresh?.attemptId === state.attemptId) setGrades(fresh.grades);
    });
  }, [current, feedback, guessed, review, save, state.attemptId]);

  const rate = useCallback(
    (grade: ReviewGrade) => {
      if (!review || !feedback[current]) return;
      setGrades((list) => list.map((g, i) => (i === current ? grade : g)));
      void save(() => api['exam:rate']({ attemptId: state.attemptId, index: current, grade })).then(
        (ack) => ack && reread(),
      );
    },
    [current, feedback, reread, review, save, state.attemptId],
  );

  /** Takes the session's last rating back: that question again, unrated. */
  const undo = useCallback(() => {
    if (!review || state.undoable === null) return;
    void save(() => api['exam:undo-rating']({ attemptId: state.attemptId })).then((fresh) => {
      if (!fresh) return;
      adopt(fresh, fresh.current);
      questionRef.current?.focus();
    });
  }, [adopt, review, save, state.attemptId, state.undoable]);

  const toggleEliminated = useCallback(
    (choice: number) => {
      const struck = !(eliminated[current] ?? []).includes(choice);
      setEliminated((list) =>
        list.map((e, i) => (i !== current ? e : struck ? [...e, choice] : e.filter((c) => c !== choice))),
      );
      void save(() =>
        api['exam:eliminate']({ attemptId: state.attemptId, index: current, choice, eliminated: struck }),
      );
    },
    [current, eliminated, save, state.attemptId],
  );

  const submit = async () => {
    setConfirming(false);
    const result = await save(() => api['exam:submit']({ attemptId: state.attemptId }));
    if (result) onFinished(state.attemptId);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (viewing) return;
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
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' && review) {
        event.preventDefault();
        undo();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const letter = event.key.toUpperCase();
      const choice = question?.alternatives.findIndex((a) => a.letter === letter) ?? -1;
      if (choice >= 0) {
        event.preventDefault();
        // Shift + letter strikes the alternative through; the letter alone chooses it.
        if (event.shiftKey) toggleEliminated(choice);
        else choose(choice);
      } else if (event.key === 'ArrowRight') go(current + 1);
      else if (event.key === 'ArrowLeft') go(current - 1);
      else if (letter === 'F' && !review) toggleFlag();
      else if (letter === 'G') toggleGuess();
      else if (review && ['1', '2', '3', '4'].includes(event.key)) rate(Number(event.key) as ReviewGrade);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [
    choose,
    confirming,
    current,
    go,
    help,
    question,
    rate,
    review,
    toggleFlag,
    toggleGuess,
    toggleEliminated,
    undo,
    viewing,
  ]);

  if (!question) return null;
  const unanswered = answers.map((a, i) => (a === null ? i + 1 : null)).filter((n): n is number => n !== null);
  const flagged = flags.map((f, i) => (f ? i + 1 : null)).filter((n): n is number => n !== null);
  const fb = feedback[current];
  const againLeft = state.repeats.filter((repeat, index) => repeat && answers[index] === null).length;

  return (
    <section className="exam" aria-labelledby="exam-title" data-testid="exam-screen" data-attempt-id={state.attemptId}>
      <header className="exam-header">
        <h2 id="exam-title">{titleOf(state)}</h2>
        <div className="exam-status">
          <span className="answered-count" data-testid="exam-answered-count">
            {t('exams.answeredCount', { answered: answers.filter((a) => a !== null).length, total })}
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
            <button
              type="button"
              className="primary"
              onClick={() => setConfirming(true)}
              data-testid="exam-finish-practice"
            >
              {review ? t('exams.finishReview') : t('exams.finishPractice')}
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
          <h3 ref={questionRef} tabIndex={-1} data-testid="exam-question-number" data-focus-start>
            {t('exams.question', { n: current + 1, total })}
            <span className="muted">
              {' '}
              · {[question.exam, question.year, question.subject].filter(Boolean).join(' · ')}
            </span>
          </h3>
          {state.repeats[current] && (
            <p className="notice notice-info" data-testid="exam-repeat">
              {t('notebook.repeat')}
            </p>
          )}
          <p className="statement" data-testid="exam-statement">
            {question.statement}
          </p>
          {question.image && question.image !== 'missing' && (
            <button
              type="button"
              className="image-button"
              aria-label={t('viewer.open')}
              onClick={() =>
                question.image && setViewing({ src: question.image, alt: t('results.figureAlt', { n: current + 1 }) })
              }
              data-testid="exam-image"
            >
              <ScaledImage
                className="exam-image"
                src={question.image}
                alt={t('results.figureAlt', { n: current + 1 })}
              />
            </button>
          )}
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
                    {alternative.image && alternative.image !== 'missing' && (
                      <ScaledImage className="choice-image" src={alternative.image} alt="" />
                    )}
                  </button>
                  {alternative.image && alternative.image !== 'missing' && (
                    <button
                      type="button"
                      className="strike"
                      aria-label={`${t('viewer.open')}: ${t('results.alternativeFigureAlt', { letter: alternative.letter })}`}
                      onClick={() =>
                        alternative.image &&
                        setViewing({
                          src: alternative.image,
                          alt: t('results.alternativeFigureAlt', { letter: alternative.letter }),
                        })
                      }
                      data-testid={`exam-image-${alternative.letter}`}
                    >
                      {/* An SVG magnifier: the emoji showed as an empty box where no emoji font is installed. */}
                      <svg className="icon" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true">
                        <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
                        <line
                          x1="10"
                          y1="10"
                          x2="14.5"
                          y2="14.5"
                          stroke="currentColor"
                          strokeWidth="2.2"
                          strokeLinecap="round"
                        />
                      </svg>
                    </button>
                  )}
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
          {fb?.explanation && <ExplanationBlock explanation={fb.explanation} testId="exam-explanation" />}
          {fb && review && (
            <ReviewRating attemptId={state.attemptId} index={current} grade={grades[current] ?? null} onRate={rate} />
          )}
          <div ref={nextStepRef} aria-hidden="true" />
          {fb && (
            <NoteEditor key={current} questionRef={{ attemptId: state.attemptId, index: current }} testId="exam-note" />
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
            {/* "Marcar para revisão" inside a review of the notebook would mean two reviews: not offered. */}
            {!review && (
              <button
                type="button"
                className="secondary"
                aria-pressed={flags[current]}
                onClick={toggleFlag}
                data-testid="exam-flag"
              >
                {flags[current] ? t('exams.unflag') : t('exams.flag')}
              </button>
            )}
            <button
              type="button"
              className="secondary"
              aria-pressed={guessed[current]}
              onClick={toggleGuess}
              data-testid="exam-guess"
            >
              {t('exams.guess')}
            </button>
            {review && state.undoable !== null && (
              <button
                type="button"
                className="secondary"
                onClick={undo}
                data-testid="exam-undo-rating"
                data-index={state.undoable}
              >
                ↶ {t('notebook.undo')}
              </button>
            )}
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
          {groupsOf(state).map((group) => (
            <div key={group.start} className="grid-group" data-testid="exam-grid-group" data-area={group.area ?? ''}>
              {group.area && <h4 className="grid-label">{t(`exams.area.${group.area}`)}</h4>}
              <div className="grid-cells">
                {group.indexes.map((index) => {
                  const verdict = feedback[index] ? (feedback[index]?.correct ? 'right' : 'wrong') : '';
                  const status = [
                    answers[index] !== null ? t('exams.answered') : t('exams.unanswered'),
                    flags[index] ? t('exams.flagged') : '',
                    guessed[index] ? t('exams.guessedMark') : '',
                    verdict ? t(`exams.${verdict}`) : '',
                    index === current ? t('exams.current') : '',
                  ]
                    .filter(Boolean)
                    .join(', ');
                  return (
                    <button
                      key={index}
                      type="button"
                      className={`grid-cell${answers[index] !== null ? ' answered' : ''}${flags[index] ? ' flagged' : ''}${index === current ? ' current' : ''}${verdict ? ` ${verdict}` : ''}`}
                      aria-current={index === current ? 'step' : undefined}
                      aria-label={`${t('exams.gridItem', { n: index + 1 })}: ${status}`}
                      onClick={() => go(index)}
                      data-testid={`exam-grid-${index + 1}`}
                      data-answered={answers[index] !== null}
                      data-flagged={flags[index]}
                      data-guessed={guessed[index]}
                      data-repeat={state.repeats[index]}
                      data-verdict={verdict || undefined}
                    >
                      {index + 1}
                      {flags[index] && (
                        <span className="flag-icon" aria-hidden="true">
                          ⚑
                        </span>
                      )}
                      {guessed[index] && (
                        <span className="guess-icon" aria-hidden="true">
                          ?
                        </span>
                      )}
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
          <ul className="grid-legend" data-testid="exam-grid-legend">
            <li>
              <span className="grid-cell answered" aria-hidden="true" /> {t('exams.answered')}
            </li>
            <li>
              <span className="grid-cell" aria-hidden="true" /> {t('exams.unanswered')}
            </li>
            <li>
              <span className="flag-icon" aria-hidden="true">
                ⚑
              </span>{' '}
              {t('exams.flagged')}
            </li>
            <li>
              <span className="guess-icon" aria-hidden="true">
                ?
              </span>{' '}
              {t('exams.guessedMark')}
            </li>
            {practice && (
              <>
                <li>
                  <span className="grid-cell right" aria-hidden="true" /> {t('exams.right')}
                </li>
                <li>
                  <span className="grid-cell wrong" aria-hidden="true" /> {t('exams.wrong')}
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
      <ErrorNotice error={error} testId="exam-error" />
      {viewing && <ImageViewer src={viewing.src} alt={viewing.alt} onClose={() => setViewing(null)} />}
      {help && (
        <Dialog
          titleId="shortcuts-title"
          title={t('exams.shortcuts.title')}
          testId="exam-shortcuts"
          onClose={() => setHelp(false)}
          close={{ label: t('library.close'), testId: 'exam-shortcuts-close' }}
        >
          <ul>
            {SHORTCUTS.map((key) => (
              <li key={key}>{t(`exams.shortcuts.${key}`)}</li>
            ))}
          </ul>
        </Dialog>
      )}
      {confirming && (
        <Dialog
          titleId="confirm-submit-title"
          title={
            review ? t('notebook.end.title') : practice ? t('exams.confirm.practiceTitle') : t('exams.confirm.title')
          }
          testId="exam-confirm"
          role="alertdialog"
        >
          {review ? (
            <p data-testid="exam-confirm-review" data-left={unanswered.length}>
              {unanswered.length > 0
                ? t('notebook.end.left', { count: unanswered.length })
                : t('notebook.end.done', { count: total })}
            </p>
          ) : unanswered.length > 0 ? (
            <p data-testid="exam-confirm-unanswered">
              {t('exams.confirm.unanswered', { list: unanswered.join(', ') })}
            </p>
          ) : (
            <p>{t('exams.confirm.allAnswered')}</p>
          )}
          {!review && flagged.length > 0 && (
            <p data-testid="exam-confirm-flagged">{t('exams.confirm.flagged', { list: flagged.join(', ') })}</p>
          )}
          <div className="actions">
            <button type="button" className="primary" onClick={() => void submit()} data-testid="exam-confirm-yes">
              {review ? t('notebook.end.yes') : t('exams.confirm.yes')}
            </button>
            {/* The safe choice holds the focus: Enter, or a key pressed twice, never hands in (issue 49). */}
            <button
              type="button"
              className="secondary"
              autoFocus
              data-autofocus=""
              onClick={() => setConfirming(false)}
              data-testid="exam-confirm-no"
            >
              {review ? t('notebook.end.no') : t('exams.confirm.no')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

type GridGroup = { start: number; area: AreaId | null; indexes: number[] };

/**
 * The grid's labelled groups: an exam in area blocks (the national exam's format) shows one group
 * per area; a mixed exam, whose areas alternate, one unlabelled group.
 */
function groupsOf(state: ExamState): GridGroup[] {
  const groups: GridGroup[] = [];
  state.questions.forEach((question, index) => {
    const last = groups.at(-1);
    if (last && last.area === question.area) last.indexes.push(index);
    else groups.push({ start: index, area: question.area, indexes: [index] });
  });
  const areas = new Set(groups.map((g) => g.area));
  if (groups.length === areas.size) return groups;
  return [{ start: 0, area: null, indexes: state.questions.map((_, i) => i) }];
}
