// One rule for where the focus goes when what held it goes away: a button that started an exam or
// a review, a screen that was replaced, a list that was imported into. Without it the focus falls to
// <body> and the next Tab starts over at the top of the page (103 presses to "Simulados" once).
// The new context's start is an element marked `data-focus-start` (an exam's question heading), else
// its screen's first heading, else the main region. Dialogs give the focus back to their opener
// themselves (components/Dialog.tsx), before this looks.
import { useEffect } from 'react';

/** Where the focus belongs in `main` now. */
export function contextStart(main: HTMLElement): HTMLElement {
  const marked = main.querySelector<HTMLElement>('[data-focus-start]');
  if (marked) return marked;
  const heading = main.querySelector<HTMLElement>('h1, h2');
  if (heading) {
    // A heading is not focusable by itself: made so for this (and only by script: -1).
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    return heading;
  }
  return main;
}

/** Whether the control that lost the focus could still hold it: there, enabled and shown. */
function stillThere(left: EventTarget | null): boolean {
  if (!(left instanceof HTMLElement) || !left.isConnected) return false;
  if (left.matches(':disabled')) return false;
  return left.getClientRects().length > 0;
}

/** How long after a loss the new context may still be rendering (a start waits on main). */
const SETTLE_MS = 3_000;

export function useFocusKeeper(mainId = 'main'): void {
  useEffect(() => {
    let frame = 0;
    let until = 0;
    /** What this placed last: moving it again is still this rule's, not taking the user's focus. */
    let placed: Element | null = null;
    const place = () => {
      const main = document.getElementById(mainId);
      const active = document.activeElement;
      if (!main || Date.now() > until) return;
      // The student moved the focus since: theirs, left alone.
      if (active && active !== document.body && active !== placed) {
        until = 0;
        return;
      }
      const start = contextStart(main);
      if (start !== active) {
        start.focus();
        placed = start;
      }
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      // After React has rendered what replaced it, and after a dialog gave the focus back.
      frame = requestAnimationFrame(place);
    };
    const lost = () => {
      placed = null;
      until = Date.now() + SETTLE_MS;
      schedule();
    };
    /** The control that had the focus last (Chromium fires nothing when a focused element is removed). */
    let last: EventTarget | null = null;
    const onFocusIn = (event: FocusEvent) => (last = event.target);
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null || stillThere(event.target)) return; // a click on the page
      lost();
    };
    // While a loss settles, each change of the page looks again (an exam's first question arrives
    // after "Começar" was already gone); and a change that removed the focused control is a loss.
    const observer = new MutationObserver(() => {
      if (Date.now() <= until) schedule();
      else if (document.activeElement === document.body && last instanceof Node && !last.isConnected) {
        last = null;
        lost();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [mainId]);
}
