// Taking an attempt. The screen keeps no attempt of its own: it reads main's state when it opens,
// and the attempt's store (attempt/store.ts) mirrors it from then on, so leaving and coming back
// always shows the truth. The parts of the screen read that one store through attempt/hooks.ts.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, ExamState, ReviewGrade } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ImageViewer } from '../../components/ImageViewer';
import { api, errorOf } from '../../lib/bridge';
import { AnswerGrid } from './attempt/AnswerGrid';
import { ConfirmSubmitDialog, ShortcutsDialog } from './attempt/ExamDialogs';
import { ExamHeader } from './attempt/ExamHeader';
import {
  AttemptContext,
  useAttempt,
  useAttemptActions,
  useAttemptEnd,
  useAttemptStore,
  usePresence,
} from './attempt/hooks';
import { QuestionPanel } from './attempt/QuestionPanel';
import { useExamKeys } from './attempt/useExamKeys';

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
  const store = useAttemptStore(initial, api);
  return (
    <AttemptContext.Provider value={store}>
      <ExamLayout onFinished={onFinished} />
    </AttemptContext.Provider>
  );
}

function ExamLayout({ onFinished }: { onFinished: (attemptId: string) => void }) {
  const { t } = useTranslation();
  const view = useAttempt();
  const { exam } = view;
  const store = useAttemptActions();
  const [help, setHelp] = useState(false);
  /** A figure open in the viewer (its keys stay there; the exam's shortcuts wait). */
  const [viewing, setViewing] = useState<{ src: string; alt: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextStepRef = useRef<HTMLDivElement>(null);
  usePresence(exam.attemptId, api['exam:presence']);
  useAttemptEnd(onFinished);

  const go = useCallback(
    (index: number) => {
      if (store.visit(index)) headingRef.current?.focus();
    },
    [store],
  );
  const choose = useCallback(
    (index: number) =>
      void store.choose(index).then((checked) => {
        // The feedback (and a review's rating, the next step) may fall below the fold at large type: shown.
        if (checked) requestAnimationFrame(() => nextStepRef.current?.scrollIntoView({ block: 'nearest' }));
      }),
    [store],
  );
  const rate = useCallback((grade: ReviewGrade) => void store.rate(grade), [store]);
  const undo = useCallback(
    () =>
      void store.undo().then((undone) => {
        if (undone) headingRef.current?.focus();
      }),
    [store],
  );
  useExamKeys(store, {
    overlay: { viewing: viewing !== null, confirming, help },
    setHelp,
    setConfirming,
    choose,
    go,
    rate,
    undo,
  });

  return (
    <section className="exam" aria-labelledby="exam-title" data-testid="exam-screen" data-attempt-id={exam.attemptId}>
      <ExamHeader help={help} onHelp={() => setHelp((open) => !open)} onFinish={() => setConfirming(true)} />
      {view.warning !== null && (
        <p className="notice notice-warning" role="alert" data-testid="exam-warning">
          {t('exams.warning', { minutes: view.warning })}
        </p>
      )}
      {view.timeUp && (
        <p className="notice notice-warning" role="alert" data-testid="exam-time-up">
          {t('exams.autoSubmitted')}
        </p>
      )}
      <div className="exam-body">
        <QuestionPanel
          headingRef={headingRef}
          nextStepRef={nextStepRef}
          onGo={go}
          onChoose={choose}
          onStrike={(index) => store.toggleEliminated(index)}
          onView={setViewing}
          onRate={rate}
          onUndo={undo}
        />
        <AnswerGrid onGo={go} />
      </div>
      <ErrorNotice error={view.error} testId="exam-error" />
      {viewing && <ImageViewer src={viewing.src} alt={viewing.alt} onClose={() => setViewing(null)} />}
      {help && <ShortcutsDialog onClose={() => setHelp(false)} />}
      {confirming && (
        <ConfirmSubmitDialog
          onNo={() => setConfirming(false)}
          onYes={() => {
            setConfirming(false);
            void store.submit();
          }}
        />
      )}
    </section>
  );
}
