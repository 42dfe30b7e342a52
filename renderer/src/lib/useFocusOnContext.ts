// The one focus rule of the app (docs/architecture.md): when the student's context changes — a
// screen chosen, an exam or a review started, a result shown, a pack imported — focus moves to the
// new context's start: its element marked `data-focus-start`, else its first heading. Left on
// <body> (the element that had it unmounted), the next Tab would walk from the window's top.
import { useEffect, useRef, type RefObject } from 'react';

/** How long a context may take to show its start (its data comes over the bridge). */
const WAIT_MS = 5_000;

function startOf(root: HTMLElement): HTMLElement | null {
  return root.querySelector<HTMLElement>('[data-focus-start]') ?? root.querySelector<HTMLElement>('h2');
}

function place(target: HTMLElement) {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * Moves focus to `container`'s start each time `context` changes (not from '', the app's start: the
 * window's own first focus stands). Waits for the start to appear; a dialog that holds the focus,
 * or a control the student reached meanwhile inside the container, is left alone.
 */
export function useFocusOnContext(context: string, container: RefObject<HTMLElement | null>) {
  const previous = useRef('');
  useEffect(() => {
    const from = previous.current;
    previous.current = context;
    if (from === '') return;
    const root = container.current;
    if (!root) return;
    const settled = () => {
      const active = document.activeElement;
      // A dialog has the focus, or the student already moved inside the new context.
      if (active?.closest('dialog, [role="dialog"]')) return true;
      if (active && active !== root && root.contains(active)) return true;
      const target = startOf(root);
      if (!target) return false;
      place(target);
      return true;
    };
    if (settled()) return;
    const observer = new MutationObserver(() => {
      if (settled()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [context, container]);
}
