import type { ReactNode } from 'react';

/** A modal: dims the page, labels itself by its title, closes on a click outside when it can. */
export function Dialog({
  titleId,
  title,
  testId,
  role = 'dialog',
  onClose,
  close,
  children,
}: {
  titleId: string;
  title: ReactNode;
  testId: string;
  role?: 'dialog' | 'alertdialog';
  onClose?: () => void;
  /** The header's close button, when there is one. */
  close?: { label: string; testId: string; autoFocus?: boolean };
  children: ReactNode;
}) {
  return (
    <div className="overlay" role="presentation" onClick={onClose}>
      <div
        className="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
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
