// kill -9 of a child process in the middle of writes, many times per scenario:
// after each kill the data folder opens without a damaged file, everything the
// child had acknowledged is there, and nothing half-done is visible.
import type { ChildProcess } from 'node:child_process';
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CatalogStore, toStored } from '../../main/core/catalog/store.js';
import type { ExamEngine } from '../../main/core/exams/engine.js';
import { importPack, listPacks, packSource, removePack } from '../../main/core/packs/registry.js';
import { buildPack } from '../../main/core/packs/writer.js';
import { runSync } from '../../main/core/sync/engine.js';
import { TEMP_FILE } from '../../main/core/util/durable-file.js';
import { StorageNotices } from '../../main/core/util/json-file.js';
import { openWorkspace } from '../../main/core/workspace.js';
import { Notebook } from '../../main/core/notebook/notebook.js';
import { ScanSessions } from '../../main/core/paper/scan-sessions.js';
import { startFakeApi } from '../fake-api/server.js';
import { openEngineIn } from '../support/engine.js';
import { crashChildSuite } from '../support/crash-child-runner.js';
import { groupOps, SCAN_BATCH_CODE } from '../support/crash-ops.js';
import { sampleQuestion } from '../support/questions.js';
import { scratchDir } from '../support/temp.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { buildSealedDemoPack } from '../support/sealed.js';

/** Kills per scenario in `npm test`; CI's soak runs 20 and `npm run soak` 200 (SOAK_KILLS). */
const KILLS = Number(process.env.SOAK_KILLS ?? 4);
/** Generous: a slow machine spends ~1 s per kill; the limit only stops a hang. */
const TIMEOUT = 30_000 + KILLS * 4_000;
const { run: runChild, cleanups } = crashChildSuite();

const scratch = () => scratchDir(cleanups);

const killAfter = (child: ChildProcess, ms: number) => setTimeout(() => child.kill('SIGKILL'), ms);

/** A profile with one product synced whole from a fake catalog of `questions` (its API closed after the test). */
async function syncedProfile(product: 'enem' | 'vestibulares', questions: number, seed: number) {
  const api = await startFakeApi({ questions, seed });
  cleanups.push(() => api.close());
  const dir = await scratch();
  const workspace = await openWorkspace(dir);
  const client = workspace.client({ product, baseUrl: api.baseUrl, apiKey: api.keys[product] });
  await runSync(
    { product },
    { client, store: workspace.store, images: workspace.images, state: workspace.state, currentYear: 2026 },
  );
  return { dir, workspace };
}
const random = (max: number) => Math.floor(Math.random() * max);

describe('kill -9 mid-write', () => {
  it(
    `attempt writes: every acknowledged answer, flag and elimination survives ${KILLS} kills`,
    async () => {
      const dir = await scratch();
      const store = await CatalogStore.open(join(dir, 'catalog'));
      await store.append(Array.from({ length: 40 }, (_, n) => toStored(sampleQuestion(n), 'api:enem')));
      /** field → its ops in order: value, and whether the child acknowledged it. */
      const fields = new Map<string, { value: unknown; acked: boolean }[]>();
      let nextGroup = 0;
      for (let kill = 0; kill < KILLS; kill++) {
        const killAt = 1 + random(40);
        let acks = 0;
        const sent = new Map<number, ReturnType<typeof groupOps>>();
        const { lines, stderr } = await runChild(['attempt', dir, String(nextGroup)], (line, child) => {
          const [word, g, k] = line.split(' ');
          if (word === 'SEND') {
            const ops = groupOps(Number(g), 12);
            sent.set(Number(g), ops);
            for (const op of ops) {
              const key = op.kind === 'eliminate' ? `eliminate:${op.index}:${op.choice}` : `${op.kind}:${op.index}`;
              fields.set(key, [...(fields.get(key) ?? []), { value: op.value, acked: false }]);
            }
          } else if (word === 'ACK') {
            const op = sent.get(Number(g))?.[Number(k)];
            if (!op) return;
            const key = op.kind === 'eliminate' ? `eliminate:${op.index}:${op.choice}` : `${op.kind}:${op.index}`;
            const history = fields.get(key) ?? [];
            const last = history.at(-1);
            if (last) last.acked = true;
            if (++acks >= killAt) child.kill('SIGKILL');
          }
        });
        expect(stderr).toBe('');
        const lastSent = Math.max(...[...sent.keys()], nextGroup - 1);
        nextGroup = lastSent + 1;
        expect(lines.some((l) => l.startsWith('READY'))).toBe(true);

        const notices = new StorageNotices();
        const engine = await openEngineIn(dir, store, { notices });
        expect(notices.list()).toEqual([]);
        const state = await engine.current();
        expect(state).not.toBeNull();
        for (const [key, history] of fields) {
          const actual = fieldValue(state, key);
          const lastAcked = [...history].reverse().find((op) => op.acked);
          const allowed = [lastAcked ? lastAcked.value : key.startsWith('answer') ? null : false];
          const last = history.at(-1);
          if (last && !last.acked) allowed.push(last.value); // the call in flight may have landed
          expect(allowed, `${key} after kill ${kill}`).toContainEqual(actual);
          // What landed is the truth from here on: the call in flight counts as made or never made.
          fields.set(key, [{ value: actual, acked: true }]);
        }
      }
    },
    TIMEOUT,
  );

  it(
    `sync: ${KILLS} kills leave whole pages or nothing, and the next run completes`,
    async () => {
      const api = await startFakeApi({ questions: 900, seed: 5, faults: { latencyMs: 4 } });
      cleanups.push(() => api.close());
      const dir = await scratch();
      const truth = new Map(api.catalog().map((q) => [q.id, q.statement]));
      for (let kill = 0; kill < KILLS; kill++) {
        const { stderr } = await runChild(
          ['sync', dir, api.baseUrl],
          (line, child) => {
            if (line === 'READY') killAfter(child, 20 + random(300));
          },
          { EXAM_API_KEY: api.keys.vestibulares },
        );
        expect(stderr).toBe('');
        const workspace = await openWorkspace(dir);
        expect(workspace.notices()).toEqual([]);
        for (const question of await workspace.store.loadAll())
          expect(question.q.statement).toBe(truth.get(question.id));
        const leftovers = (await readdir(join(dir, 'catalog', 'chunks'))).filter((n) => TEMP_FILE.test(n));
        expect(leftovers).toEqual([]);
        await workspace.close();
      }
      const workspace = await openWorkspace(dir);
      const client = workspace.client({ product: 'vestibulares', baseUrl: api.baseUrl, apiKey: api.keys.vestibulares });
      const report = await runSync(
        { product: 'vestibulares' },
        { client, store: workspace.store, images: workspace.images, state: workspace.state, currentYear: 2026 },
      );
      expect(report.status).toBe('done');
      expect(workspace.store.size).toBe(api.catalog().length);
      await workspace.close();
    },
    TIMEOUT,
  );

  it(
    `sealed pack release: ${KILLS} kills leave it released with every attempt graded, or not released with none changed`,
    async () => {
      const base = await sealedPackWithAttempts(await scratch(), 16);
      let midway = 0;
      for (let kill = 0; kill < KILLS; kill++) {
        const dir = await scratch();
        await cp(base.dir, dir, { recursive: true });
        const { stderr, lines } = await runChild(['release', dir, base.packId, base.code], (line, child) => {
          // Anywhere from before the code is checked to after the last attempt is graded.
          if (line === 'READY') killAfter(child, random(base.releaseMs * 1.5));
        });
        expect(stderr).toBe('');
        // The next start finishes what a kill interrupted, before anything is served.
        const services = await nodeServices({ dataDir: dir });
        const pack = (await callValue(services, 'packs:list', {})).find((p) => p.id === base.packId);
        const history = (await callValue(services, 'exam:history', {})).filter((h) =>
          base.attempts.includes(h.attemptId),
        );
        expect(history).toHaveLength(base.attempts.length);
        if (pack?.sealed?.released) {
          expect(
            history.filter((h) => h.awaitingRelease || h.correct === null),
            `kill ${kill}`,
          ).toEqual([]);
          const overview = await callValue(services, 'notebook:overview', {});
          expect(overview.total, `kill ${kill}: every miss in the notebook`).toBe(base.missesWhenReleased);
          if (!lines.includes('DONE')) midway += 1;
        } else {
          expect(
            history.filter((h) => !h.awaitingRelease || h.correct !== null),
            `kill ${kill}`,
          ).toEqual([]);
          expect((await callValue(services, 'notebook:overview', {})).total).toBe(0);
        }
        await services.close();
      }
      // Some kills must have landed after the journal and before the end, or this proved nothing.
      if (KILLS >= 20) expect(midway).toBeGreaterThan(0);
    },
    TIMEOUT * 3,
  );

  it(
    `pack import: ${KILLS} kills leave the pack whole and listed, or gone without a trace`,
    async () => {
      const { workspace: source } = await syncedProfile('vestibulares', 400, 9);
      const pack = await buildPack(await source.store.loadAll(), source.store, source.images, {
        title: 'Crash',
        appVersion: '0.1.0',
      });
      await source.close();
      const file = join(await scratch(), 'crash.exampack');
      await writeFile(file, pack.bytes);
      const dir = await scratch();
      const seen = { committed: 0, rolledBack: 0 };
      for (let kill = 0; kill < KILLS; kill++) {
        // From a kill at once to none at all (the last run): both sides of the commit point are hit.
        const delay = kill === KILLS - 1 ? null : Math.round((kill / KILLS) * 400);
        const { pid } = await runChild(['import', dir, file], (line, child) => {
          if (line === 'READY' && delay !== null) killAfter(child, delay);
        });
        const workspace = await openWorkspace(dir);
        expect(workspace.notices()).toEqual([]);
        const listed = (await listPacks(workspace)).some((p) => p.id === pack.manifest.id);
        const tagged = [...workspace.store.all()].filter((q) => q.sources.includes(packSource(pack.manifest.id)));
        expect(tagged.length).toBe(listed ? 400 : 0);
        // The dead child's staging folder is gone too.
        expect((await readdir(tmpdir())).filter((n) => n.startsWith(`exampack-${pid}-`))).toEqual([]);
        if (listed) {
          seen.committed += 1;
          await removePack(workspace, pack.manifest.id);
        } else seen.rolledBack += 1;
        expect([...workspace.store.all()]).toEqual([]);
        await workspace.close();
      }
      expect(seen.rolledBack).toBeGreaterThan(0);
      expect(seen.committed).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    `pack removal: ${KILLS} kills leave the pack whole and listed, or gone without a trace, and every other question readable`,
    async () => {
      const { dir: pristine, workspace: source } = await syncedProfile('enem', 300, 12);
      // The pack holds half the synced questions (kept, one source fewer) and they are its own too.
      const pack = await buildPack((await source.store.loadAll()).slice(0, 150), source.store, source.images, {
        title: 'Remoção',
        appVersion: '0.1.0',
      });
      await importPack(source, pack.bytes);
      const packed = [...source.store.all()].filter((q) => q.sources.includes(packSource(pack.manifest.id))).length;
      expect(packed).toBeGreaterThan(100);
      const synced = source.store.size;
      await source.close();
      const seen = { removed: 0, kept: 0 };
      for (let kill = 0; kill < KILLS; kill++) {
        const dir = await scratch();
        await cp(pristine, dir, { recursive: true });
        const delay = kill === KILLS - 1 ? null : Math.round((kill / KILLS) * 300);
        await runChild(['remove', dir, pack.manifest.id], (line, child) => {
          if (line === 'READY' && delay !== null) killAfter(child, delay);
        });
        const workspace = await openWorkspace(dir);
        expect(workspace.notices()).toEqual([]);
        const listed = (await listPacks(workspace)).some((p) => p.id === pack.manifest.id);
        const tagged = [...workspace.store.all()].filter((q) => q.sources.includes(packSource(pack.manifest.id)));
        expect(tagged.length).toBe(listed ? packed : 0);
        // The synced questions are all there, each one readable whole.
        expect(workspace.store.size).toBe(synced);
        expect((await workspace.store.loadAll()).length).toBe(synced);
        expect(workspace.store.damagedDropped).toBe(0);
        seen[listed ? 'kept' : 'removed'] += 1;
        await workspace.close();
      }
      expect(seen.removed).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    `notebook: every acknowledged card, note and review survives ${KILLS} kills`,
    async () => {
      const dir = await scratch();
      const added = new Set<string>();
      const reviewed = new Set<string>();
      /** note id → values in order, and whether each was acknowledged. */
      const notes = new Map<string, { value: string; acked: boolean }[]>();
      let nextGroup = 0;
      for (let kill = 0; kill < KILLS; kill++) {
        const killAt = 1 + random(30);
        let acks = 0;
        let lastSent = nextGroup - 1;
        const { stderr } = await runChild(['notebook', dir, String(nextGroup)], (line, child) => {
          const [word, g, what] = line.split(' ');
          const group = Number(g);
          if (word === 'SEND') {
            lastSent = group;
            const id = `q${group % 7}`;
            notes.set(id, [...(notes.get(id) ?? []), { value: `nota ${group}`, acked: false }]);
          } else if (word === 'ACK') {
            if (what === 'add') added.add(`q${group}`);
            if (what === 'review') reviewed.add(`q${Math.max(0, group - 1)}`);
            if (what === 'note') {
              const entry = notes.get(`q${group % 7}`)?.find((n) => n.value === `nota ${group}`);
              if (entry) entry.acked = true;
            }
            if (++acks >= killAt) child.kill('SIGKILL');
          }
        });
        expect(stderr).toBe('');
        nextGroup = lastSent + 1;
        const storage = new StorageNotices();
        const book = await Notebook.open(dir, { readOnly: false, notices: storage });
        expect(storage.list(), `after kill ${kill}`).toEqual([]);
        const cards = new Map(book.list({}, Date.now()).map((c) => [c.id, c]));
        for (const id of added) expect(cards.has(id), `card ${id} after kill ${kill}`).toBe(true);
        for (const id of reviewed) {
          if (cards.has(id)) expect(cards.get(id)?.reviews, `review of ${id}`).toBeGreaterThanOrEqual(1);
        }
        for (const [id, history] of notes) {
          const actual = book.note(id);
          const lastAcked = [...history].reverse().find((n) => n.acked);
          const allowed = [lastAcked?.value ?? ''];
          const last = history.at(-1);
          if (last && !last.acked) allowed.push(last.value);
          expect(allowed, `${id} after kill ${kill}`).toContain(actual);
          notes.set(id, [{ value: actual, acked: true }]);
        }
      }
      expect(added.size).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    `scan batch: every acknowledged decision and grading survives ${KILLS} kills, and the batch opens whole`,
    async () => {
      const dir = await scratch();
      /** `review:<sheet>` (the student's name) and `graded:<sheet>` (the attempt): values in order, acknowledged or not. */
      const fields = new Map<string, { value: string; acked: boolean }[]>();
      const record = (key: string, value: string, acked: boolean) => {
        const history = fields.get(key) ?? [];
        const known = history.find((entry) => entry.value === value);
        if (known) known.acked ||= acked;
        else history.push({ value, acked });
        fields.set(key, history);
      };
      let nextGroup = 0;
      let acked = 0;
      for (let kill = 0; kill < KILLS; kill++) {
        const killAt = 1 + random(20);
        let acks = 0;
        let lastSent = nextGroup - 1;
        const { stderr } = await runChild(['scan-batch', dir, String(nextGroup)], (line, child) => {
          const [word, g, what] = line.split(' ');
          const group = Number(g);
          if (word === 'SEND') {
            lastSent = group;
            record(`review:${1 + (group % 5)}`, `aluno ${group}`, false);
            record(`graded:${6 + (group % 5)}`, `a${group}`, false);
          } else if (word === 'ACK') {
            if (what === 'review') record(`review:${1 + (group % 5)}`, `aluno ${group}`, true);
            if (what === 'graded') record(`graded:${6 + (group % 5)}`, `a${group}`, true);
            acked++;
            if (++acks >= killAt) child.kill('SIGKILL');
          }
        });
        expect(stderr).toBe('');
        nextGroup = lastSent + 1;
        const notices = new StorageNotices();
        const session = await new ScanSessions(dir, { readOnly: false, notices }).get(SCAN_BATCH_CODE);
        expect(notices.list(), `after kill ${kill}`).toEqual([]);
        expect(
          session?.sheets.map((entry) => entry.sheet.sheet),
          `after kill ${kill}`,
        ).toEqual(Array.from({ length: 10 }, (_, n) => n + 1));
        for (const entry of session?.sheets ?? []) {
          const n = entry.sheet.sheet;
          const key = n <= 5 ? `review:${n}` : `graded:${n}`;
          const actual = n <= 5 ? entry.review.student : (entry.graded?.attemptId ?? '');
          const history = fields.get(key) ?? [];
          const lastAcked = [...history].reverse().find((h) => h.acked);
          // The last acknowledged value, or one sent after it that landed before the kill.
          const after = lastAcked ? history.indexOf(lastAcked) + 1 : 0;
          const allowed = [lastAcked?.value ?? '', ...history.slice(after).map((h) => h.value)];
          expect(allowed, `${key} after kill ${kill}`).toContain(actual);
          fields.set(key, actual === '' ? [] : [{ value: actual, acked: true }]);
        }
      }
      expect(acked).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});

type State = Awaited<ReturnType<ExamEngine['current']>>;

/** A field's value in a state: `answer:i`, `flag:i`, `eliminate:i:choice`. */
function fieldValue(state: State, key: string): unknown {
  const [kind, index, choice] = key.split(':');
  const i = Number(index);
  if (kind === 'answer') return state?.answers[i];
  if (kind === 'flag') return state?.flags[i];
  return state?.eliminated[i]?.includes(Number(choice));
}

/**
 * A student's profile with a tutor's sealed pack imported and `count` exams of it submitted, each
 * answered "A" throughout; how long one whole release takes there, and how many cards it adds.
 */
async function sealedPackWithAttempts(root: string, count: number) {
  for (const folder of ['tutor', 'student']) await mkdir(join(root, folder));
  const tutor = await nodeServices({ dataDir: join(root, 'tutor') });
  const { built, ids } = await buildSealedDemoPack(tutor, 10);
  await tutor.close();
  const dir = join(root, 'student');
  const student = await nodeServices({ dataDir: dir });
  const { pack } = await callValue(student, 'packs:import', { data: built.data });
  const attempts: string[] = [];
  for (let n = 0; n < count; n++) {
    const state = await callValue(student, 'exam:start', {
      request: { sources: [`pack:${pack.id}`], questionIds: ids, count: ids.length },
      settings: { title: 'Prova', mode: 'timed', timeLimitMinutes: 30, strict: true, seed: n + 1 },
    });
    for (const q of state.questions)
      await callValue(student, 'exam:answer', { attemptId: state.attemptId, index: q.index, choice: 0 });
    await callValue(student, 'exam:submit', { attemptId: state.attemptId });
    attempts.push(state.attemptId);
  }
  await student.close();
  // One release to the end, in a copy: its duration spreads the kills, its cards are the truth.
  const probe = join(root, 'probe');
  await cp(dir, probe, { recursive: true });
  const services = await nodeServices({ dataDir: probe });
  const started = performance.now();
  await callValue(services, 'packs:release', { id: pack.id, code: built.releaseCode ?? '' });
  const releaseMs = performance.now() - started;
  const missesWhenReleased = (await callValue(services, 'notebook:overview', {})).total;
  await services.close();
  return { dir, packId: pack.id, code: built.releaseCode ?? '', attempts, releaseMs, missesWhenReleased };
}
