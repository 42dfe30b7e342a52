// Testers find every test id in test/e2e/locators.ts (and docs/testing.md): this fails when the
// renderer gains one that the locators do not name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.tsx') ? [path] : [];
  });
}

/** Static ids as written; a template id keeps its fixed prefix (`exam-choice-${letter}` → `exam-choice-`). */
function rendererIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of files('renderer/src')) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:data-testid|testId)=(?:"([^"]+)"|\{`([^`$]+)\$\{)/g)) ids.add(m[1] ?? m[2] ?? '');
  }
  ids.delete('');
  return ids;
}

describe('locators', () => {
  it('name every test id the renderer has', () => {
    const locators = readFileSync('test/e2e/locators.ts', 'utf8');
    const guide = readFileSync('docs/testing.md', 'utf8');
    const missing = [...rendererIds()].filter(
      (testId) => !locators.includes(`'${testId}`) && !locators.includes(`\`${testId}`),
    );
    expect(missing).toEqual([]);
    const undocumented = [...rendererIds()].filter((testId) => !guide.includes(testId));
    expect(undocumented).toEqual([]);
  });
});
