// The exam's keyboard (the shortcuts dialog lists them): letters choose, Shift+letter strikes, arrows
// move, F flags, G marks a guess, 1–4 rate a review, Ctrl+Enter asks to hand in, Ctrl+Z undoes a
// rating, ? opens the help. Keys typed into a field, or while a figure or a dialog is open, are theirs.
import { useEffect, useRef } from 'react';
import type { ReviewGrade } from '../../../../../preload/contract';
import type { AttemptStore } from './store';

export interface ExamKeyHandlers {
  /** What is open over the exam now. */
  overlay: { viewing: boolean; confirming: boolean; help: boolean };
  setHelp: (change: (open: boolean) => boolean) => void;
  setConfirming: (open: boolean) => void;
  choose: (index: number) => void;
  go: (index: number) => void;
  rate: (grade: ReviewGrade) => void;
  undo: () => void;
}

export function useExamKeys(store: AttemptStore, handlers: ExamKeyHandlers): void {
  // The latest handlers, read when a key arrives: one listener for the attempt's whole life.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { overlay, setHelp, setConfirming, choose, go, rate, undo } = latest.current;
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (overlay.viewing) return;
      if (overlay.confirming) {
        if (event.key === 'Escape') setConfirming(false);
        return;
      }
      if (event.key === '?') {
        setHelp((open) => !open);
        return;
      }
      if (overlay.help && event.key === 'Escape') {
        setHelp(() => false);
        return;
      }
      const { exam } = store.getSnapshot();
      const review = exam.kind === 'review';
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
      const choice = exam.questions[exam.current]?.alternatives.findIndex((a) => a.letter === letter) ?? -1;
      if (choice >= 0) {
        event.preventDefault();
        // Shift + letter strikes the alternative through; the letter alone chooses it.
        if (event.shiftKey) store.toggleEliminated(choice);
        else choose(choice);
      } else if (event.key === 'ArrowRight') go(exam.current + 1);
      else if (event.key === 'ArrowLeft') go(exam.current - 1);
      else if (letter === 'F' && !review) store.toggleFlag();
      else if (letter === 'G') void store.toggleGuess();
      else if (review && ['1', '2', '3', '4'].includes(event.key)) rate(Number(event.key) as ReviewGrade);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
