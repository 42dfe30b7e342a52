// The answer sheet as a numbered grid, by fives like the printed sheet: each cell one question.
// Typing a letter (or - for a blank, * for a double mark) fills the cell and moves on; Space is a
// blank; the arrows move (↑ ↓ by five), Backspace clears and goes back. The same symbols as the
// line above it: either can be used, each shows the other's edits.
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

const BLANKS = new Set(['-', '.', '_', ' ']);

export function AnswerGrid({
  symbols,
  total,
  onChange,
}: {
  symbols: readonly string[];
  total: number;
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation();
  const cells = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => cells.current[Math.max(0, Math.min(total - 1, index))]?.focus();

  const set = (index: number, symbol: string) => {
    const next = [...symbols];
    while (next.length < index) next.push('-');
    next[index] = symbol;
    onChange(next);
  };
  const clear = (index: number) => {
    const next = [...symbols];
    if (index === next.length - 1) next.pop();
    else if (index < next.length) next[index] = '-';
    onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 5, ArrowUp: -5 };
    let handled = true;
    if (/^[a-e]$/i.test(key)) {
      set(index, key.toUpperCase());
      focus(index + 1);
    } else if (BLANKS.has(key)) {
      set(index, '-');
      focus(index + 1);
    } else if (key === '*') {
      set(index, '*');
      focus(index + 1);
    } else if (key === 'Backspace') {
      clear(index);
      focus(index - 1);
    } else if (key === 'Delete') {
      clear(index);
    } else if (key === 'Home') focus(0);
    else if (key === 'End') focus(total - 1);
    else if (moves[key] !== undefined) focus(index + (moves[key] ?? 0));
    else handled = false;
    if (handled) event.preventDefault();
  };

  const groups = Array.from({ length: Math.ceil(total / 5) }, (_, g) => g * 5);
  return (
    <div className="answer-grid" role="group" aria-label={t('paper.grade.grid')} data-testid="paper-grid">
      {groups.map((start) => (
        <div key={start} className="answer-group">
          {Array.from({ length: Math.min(5, total - start) }, (_, k) => {
            const index = start + k;
            const symbol = symbols[index] ?? '';
            return (
              <label key={index} className={`answer-cell${symbol === '*' ? ' double' : ''}`}>
                <span className="answer-number">{String(index + 1).padStart(2, '0')}</span>
                <input
                  ref={(node) => {
                    cells.current[index] = node;
                  }}
                  value={symbol}
                  readOnly
                  inputMode="text"
                  aria-label={t('paper.grade.cell', { n: index + 1 })}
                  onKeyDown={(event) => onKeyDown(event, index)}
                  data-testid={`paper-cell-${index + 1}`}
                  data-symbol={symbol}
                />
              </label>
            );
          })}
        </div>
      ))}
    </div>
  );
}
