// No import circles in the app's code: a circle makes two modules one room that neither can be
// read or changed alone (docs/architecture.md). Type-only imports count too: they tie the reader
// of one file to the other all the same.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = ['main', 'preload', 'renderer/src', 'scripts', 'assets'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A relative specifier as the file it names (`./x.js` written for `./x.ts`, folders' index files). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`, join(base, 'index.ts')])
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

export function importGraph(roots: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of roots.flatMap((root) => files(root))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => resolveImport(file, imported.fileName))
      .filter((target): target is string => target !== null);
    graph.set(resolve(file), new Set(targets));
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan), each as sorted relative paths. */
export function circles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      const selfLoop = component.length === 1 && graph.get(node)?.has(node);
      if (component.length > 1 || selfLoop) found.push(component.map((f) => relative(process.cwd(), f)).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import circles', () => {
  it('the app, the preload, the renderer and the scripts have none', () => {
    expect(circles(importGraph(ROOTS))).toEqual([]);
  });

  it('the check finds a circle when there is one (type-only imports included)', () => {
    const a = resolve('a.ts');
    const b = resolve('b.ts');
    const c = resolve('c.ts');
    expect(
      circles(
        new Map([
          [a, new Set([b])],
          [b, new Set([c])],
          [c, new Set([a])],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    // And reads them from real source: contract.ts → constants.ts is a plain edge.
    const graph = importGraph(['preload']);
    expect(graph.get(resolve('preload/contract.ts'))?.has(resolve('preload/constants.ts'))).toBe(true);
  });
});

/** The translation dictionaries: one flat table of strings per language, data rather than a room. */
const DICTIONARIES = /^renderer\/src\/i18n\/[a-zA-Z-]+\.ts$/;

describe('rooms a newcomer can hold in mind', () => {
  it('no file of main, the preload or the renderer is over 450 lines (docs/architecture.md)', () => {
    const long = ['main', 'preload', 'renderer/src']
      .flatMap((root) => files(root))
      .filter((file) => !DICTIONARIES.test(relative(process.cwd(), file)))
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 450);
    expect(long).toEqual([]);
  });

  it('the composition root composes: main/app/services.ts is at most 300 lines', () => {
    // Handlers and their policies live in the capability's own module (app-handlers.ts, exams.ts…);
    // what the root is given and gives back is declared in service-api.ts.
    expect(readFileSync('main/app/services.ts', 'utf8').split('\n').length - 1).toBeLessThanOrEqual(300);
  });
});

/** The renderer's layers, outermost first: a file imports only from its own layer or those below. */
const RENDERER_LAYERS = ['app', 'features', 'components', 'lib', 'i18n'] as const;

function rendererLayerOf(file: string): number {
  const [, layer] = /^renderer\/src\/([^/]+)\//.exec(relative(process.cwd(), file)) ?? [];
  return RENDERER_LAYERS.indexOf(layer as (typeof RENDERER_LAYERS)[number]);
}

describe('the renderer in layers (docs/architecture.md)', () => {
  it('app → features → components → lib → i18n, never back, and nothing of main', () => {
    const graph = importGraph(['renderer/src']);
    const upward: string[] = [];
    for (const [from, targets] of graph) {
      const own = rendererLayerOf(from);
      for (const target of targets) {
        const name = `${relative(process.cwd(), from)} → ${relative(process.cwd(), target)}`;
        if (relative(process.cwd(), target).startsWith('main/')) upward.push(name);
        const layer = rendererLayerOf(target);
        if (own >= 0 && layer >= 0 && layer < own) upward.push(name);
      }
    }
    expect(upward).toEqual([]);
    // And the graph is read: the exam screen's import of its store's hooks is an edge.
    expect(
      graph
        .get(resolve('renderer/src/features/exams/ExamScreen.tsx'))
        ?.has(resolve('renderer/src/features/exams/attempt/hooks.ts')),
    ).toBe(true);
  });

  it('the exam screen reads its attempt from one store, not from state of its own', () => {
    // Copies of main's ExamState fields in useState were what issue 47 took apart: answers, flags,
    // feedback… live in attempt/store.ts; the screen's own state is what is open over it.
    const screen = readFileSync('renderer/src/features/exams/ExamScreen.tsx', 'utf8');
    const copied = [...screen.matchAll(/const \[(\w+), set\w+\] = useState/g)].map((m) => m[1]);
    expect(
      copied.filter((name) =>
        /answers|flags|eliminated|feedback|guessed|grades|current|pending|warning/.test(name ?? ''),
      ),
    ).toEqual([]);
  });

  it('screens read main through the query cache: an answer kept by hand in state is named here with its reason', () => {
    // A read in an effect that copies main's answer into useState is what useBridgeQuery replaced
    // (docs/architecture.md, "Reading main"). What still does it has a reason the cache does not fit.
    const kept: Record<string, string> = {
      // The sidebar's badge follows notebook:changed's own counts, not the full overview per rating.
      'renderer/src/app/App.tsx': 'notebook badge and missed deadlines (a one-time notice)',
      // Fed by its own event with the whole list; nothing else reads it.
      'renderer/src/components/StorageNotices.tsx': 'event-fed notices',
      'renderer/src/features/settings/UpdatesSection.tsx': 'event-fed updater status',
      // The attempt store (attempt/store.ts) is the mirror of the running attempt.
      'renderer/src/features/exams/ExamScreen.tsx': 'the attempt store is fed here',
      // A scan batch is adopted into the scan's own working state, which the tutor then edits.
      'renderer/src/features/paper/ScanSheets.tsx': 'scan batch adopted for editing',
      // Text the student edits: read once into the editor, saved on their word.
      'renderer/src/features/notebook/NoteEditor.tsx': 'an editor of a note',
      'renderer/src/features/notebook/ReviewRating.tsx': 'a preview per question shown',
    };
    const byHand: string[] = [];
    for (const file of files('renderer/src')) {
      const text = readFileSync(file, 'utf8');
      // An effect's body (up to its dependency list) that calls a channel of main.
      const effects = text.split('useEffect(').slice(1);
      const bodies = effects.map((after) => after.split(/\n\s*\}?,\s*\[|\), \[/)[0] ?? '');
      if (bodies.some((body) => /api\['[\w-]+:[\w-]+'\]\(/.test(body))) byHand.push(relative(process.cwd(), file));
    }
    expect(byHand.filter((file) => !(file in kept)).sort()).toEqual([]);
    // And the list shrinks as screens move to the cache: a name here with no such read is stale.
    expect(Object.keys(kept).filter((file) => !byHand.includes(file))).toEqual([]);
  });
});
