// Every marker of the exam's grid and the chosen letter is readable in both themes: WCAG 2.2 AA,
// 4.5:1 for text (a cell's number, the chosen letter, the guess "?") and 3:1 for graphics (the
// flag, the flagged border, the current outline). Colours are read from the stylesheet itself,
// each theme's custom properties, so a change of palette is checked as it is written.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync('renderer/src/styles.css', 'utf8');

/** The custom properties of the block that opens with `selector {`. */
function variables(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start, css.indexOf('}', start));
  return new Map([...body.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

/** The declarations of `selector`'s rule (the first rule written exactly so). */
function rule(selector: string): string {
  const start = css.indexOf(`\n${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector}`);
  return css.slice(start, css.indexOf('}', start));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const light = variables(':root');
const themes = { light, dark: new Map([...light, ...variables(":root[data-theme='dark']")]) };

describe('marker contrast', () => {
  it('the rules still colour the markers as this test reads them', () => {
    expect(rule('.grid-cell.answered')).toContain('var(--accent)');
    expect(rule('.grid-cell.answered.right')).toContain('var(--success-bg)');
    expect(rule('.grid-cell.answered.wrong')).toContain('var(--error-bg)');
    expect(rule('.choice.chosen .letter')).toContain('var(--accent)');
    // On a filled cell the guess and flag marks take the cell's own text colour.
    const filledMarks = css.slice(css.indexOf('.grid-cell.answered .guess-icon'));
    const filled = filledMarks.slice(0, filledMarks.indexOf('}'));
    expect(filled).toContain('.grid-cell.answered .flag-icon');
    expect(filled).toContain('color: inherit');
  });

  for (const [name, vars] of Object.entries(themes)) {
    const v = (key: string) => {
      const value = vars.get(key);
      if (!value) throw new Error(`--${key} missing in ${name}`);
      return value;
    };
    it(`${name} theme: text markers 4.5:1, graphic markers 3:1`, () => {
      const text: [string, string, string][] = [
        ['an unanswered cell (its number)', v('text'), v('surface')],
        ['an answered cell, its guess and flag marks', v('accent-text'), v('accent')],
        ['a right cell', v('success-text'), v('success-bg')],
        ['a wrong cell', v('error-text'), v('error-bg')],
        ['the chosen letter', v('accent-text'), v('accent')],
      ];
      for (const [what, fg, bg] of text) expect(contrast(fg, bg), what).toBeGreaterThanOrEqual(4.5);
      const graphics: [string, string, string][] = [
        ['the flag on an empty cell', v('danger'), v('surface')],
        ['the flagged border', v('focus'), v('surface')],
        ['the current cell’s outline', v('text'), v('surface')],
      ];
      for (const [what, fg, bg] of graphics) expect(contrast(fg, bg), what).toBeGreaterThanOrEqual(3);
    });
  }
});
