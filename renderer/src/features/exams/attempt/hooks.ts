// How the exam's components read the running attempt: one store per attempt on screen, handed down
// by context, read with useAttempt (a snapshot that changes when anything of the attempt does).
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { ExamAppApi, ExamState } from '../../../../../preload/contract';
import { AttemptStore, type AttemptBridge, type AttemptView } from './store';

export const AttemptContext = createContext<AttemptStore | null>(null);

/** The store of the attempt on screen, listening to main's events while mounted. */
export function useAttemptStore(initial: ExamState, bridge: AttemptBridge): AttemptStore {
  const [store] = useState(() => new AttemptStore(initial, bridge));
  useEffect(() => store.connect(), [store]);
  return store;
}

/** The store itself: its methods are the student's actions (choose, flag, rate, submit…). */
export function useAttemptActions(): AttemptStore {
  const store = useContext(AttemptContext);
  if (!store) throw new Error('useAttemptActions outside an AttemptContext');
  return store;
}

/** The attempt as it stands now: main's state, the saves under way, warnings, the end. */
export function useAttempt(): AttemptView {
  const store = useAttemptActions();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** Once the attempt is over, `onFinished` (after main's deadline note has been read for a moment). */
export function useAttemptEnd(onFinished: (attemptId: string) => void): void {
  const { ended, timeUp, exam } = useAttempt();
  const attemptId = exam.attemptId;
  useEffect(() => {
    if (!ended) return;
    if (!timeUp) return onFinished(attemptId);
    const timer = setTimeout(() => onFinished(attemptId), 1500);
    return () => clearTimeout(timer);
  }, [attemptId, ended, onFinished, timeUp]);
}

/**
 * Time per question counts only while this screen is in front: another screen, another app or a
 * hidden window stops it (main keeps the count; a refusal after the end changes nothing).
 */
export function usePresence(attemptId: string, presence: ExamAppApi['exam:presence']): void {
  useEffect(() => {
    const say = (present: boolean) => void presence({ attemptId, present }).catch(() => undefined);
    const onVisibility = () => say(document.visibilityState === 'visible');
    const onBlur = () => say(false);
    const onFocus = () => say(true);
    say(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      say(false);
    };
  }, [attemptId, presence]);
}
