import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Open dialogs, innermost last: only it answers keys (a figure viewer opened over a question). */
const open: HTMLElement[] = [];

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Where the focus goes when the control that opened a dialog is gone: the screen's heading, else the main region. */
function fallbackFocus(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('[data-focus-return]') ??
    document.querySelector<HTMLElement>('main h2[tabindex], main h2') ??
    document.querySelector<HTMLElement>('main')
  );
}

/** Gives the focus back to `opener`, or to the fallback when it left the page. */
export function returnFocus(opener: HTMLElement | null): void {
  const target = opener?.isConnected ? opener : fallbackFocus();
  if (!target) return;
  // A heading is not focusable by itself: made so for this (and only by script: -1).
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * A modal: dims the page, labels itself by its title, takes the focus and keeps it inside (Tab
 * cycles), closes on Escape and on a click outside when it can, and gives the focus back on close
 * to the control that opened it (read when the dialog first renders: by the time its effect runs, an
 * autofocused button or a viewer's stage inside it already holds the focus), or, when that control
 * is gone, to the screen's heading.
 */
export function Dialog({
  titleId,
  title,
  testId,
  role = 'dialog',
  onClose,
  close,
  wide = false,
  children,
}: {
  titleId: string;
  title: ReactNode;
  testId: string;
  role?: 'dialog' | 'alertdialog';
  onClose?: () => void;
  /** The header's close button, when there is one. */
  close?: { label: string; testId: string; autoFocus?: boolean };
  /** Nearly the whole window (a figure viewer). */
  wide?: boolean;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const node = box.current;
    if (node) open.push(node);
    // The control marked `data-autofocus` (a destructive dialog's safe choice) holds the focus once the
    // dialog is up, whatever took it while it mounted: React's autoFocus leaves no attribute to find,
    // and on a busy machine the first focusable ("Entregar agora") won (issue 49).
    const preferred = node?.querySelector<HTMLElement>('[data-autofocus]');
    if (preferred) preferred.focus();
    else if (node && !node.contains(document.activeElement)) {
      (node.querySelector<HTMLElement>(FOCUSABLE) ?? node).focus();
    }
    const onKey = (event: KeyboardEvent) => {
      if (open.at(-1) !== node) return;
      if (event.key === 'Escape' && closeRef.current) {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (node) open.splice(open.indexOf(node), 1);
      returnFocus(opener === document.body ? null : opener);
    };
  }, [opener]);

  return (
    <div className="overlay" role="presentation" onClick={onClose}>
      <div
        ref={box}
        className={wide ? 'dialog dialog-wide' : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <header className="dialog-header">
          <h3 id={titleId}>{title}</h3>
          {close && onClose && (
            <button
              type="button"
              className="secondary"
              onClick={onClose}
              data-testid={close.testId}
              autoFocus={close.autoFocus}
              data-autofocus={close.autoFocus ? '' : undefined}
            >
              {close.label}
            </button>
          )}
        </header>
        {children}
      </div>
    </div>
  );
}
