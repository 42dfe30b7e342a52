// The testers' guide is complete on its own (docs/testing.md): every error code the bridge can
// answer has a row in its table, and every journey of steps.ts is listed with its arguments.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../preload/contract.js';

const guide = readFileSync('docs/testing.md', 'utf8');

describe("the testers' guide", () => {
  it('names every error code of the contract in its error table', () => {
    const table = guide.slice(guide.indexOf('## The bridge, its errors and statuses'));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    const named = new Set(
      rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1])),
    );
    expect(ERROR_CODES.filter((code) => !named.has(code))).toEqual([]);
  });

  it('lists every journey that steps.ts exports', () => {
    const steps = readFileSync('test/e2e/steps.ts', 'utf8');
    const journeys = [...steps.matchAll(/^export async function (\w+)/gm)].map((m) => m[1] ?? '');
    expect(journeys.length).toBeGreaterThan(10);
    expect(journeys.filter((name) => !guide.includes(`\`${name}(`))).toEqual([]);
  });
});
