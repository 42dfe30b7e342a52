// "ENEM" is decided by where a question came from, never by a name: the ENEM product; an exam the
// entrance-exam product's own catalog classifies as the national exam (or that ENEM-product
// questions carry); a pack that recorded one of those origins when it was built. A pack named
// "Simulado estilo ENEM", an exam called "ENEM 2023" by a pack, or a question claiming the mark
// itself are not the ENEM.
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiExam, ApiQuestion } from '../../main/core/api/schemas.js';
import { ENEM_ORIGIN_MARK, enemExamIds, isEnemQuestion } from '../../main/core/catalog/provenance.js';
import { toStored, type StoredQuestion } from '../../main/core/catalog/store.js';
import { candidates } from '../../main/core/exams/builder.js';
import { importPack } from '../../main/core/packs/registry.js';
import { readPack } from '../../main/core/packs/reader.js';
import { buildPack } from '../../main/core/packs/writer.js';
import { openWorkspace, type Workspace } from '../../main/core/workspace.js';
import { sampleQuestion } from '../support/questions.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function workspace(): Promise<Workspace> {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const ws = await openWorkspace(temp.dir);
  cleanups.push(() => ws.close());
  return ws;
}

const NATIONAL: ApiExam = { id: 'exam-enem', name: 'Exame Nacional', institution: 'INEP', type: 'nacional' };
const FUVEST: ApiExam = { id: 'exam-fuvest', name: 'FUVEST', institution: 'FUVEST', type: 'vestibular' };
/** A university's exam whose name says ENEM: the name decides nothing. */
const NAMED: ApiExam = { id: 'exam-named', name: 'ENEM 2023 (simulado da escola)', institution: null, type: null };

let n = 0;
function question(exam: ApiExam | null, source: string, extra: Record<string, unknown> = {}): StoredQuestion {
  n += 1;
  const q: ApiQuestion = {
    ...sampleQuestion(n, exam ? { exam: { id: exam.id, name: exam.name } } : {}),
    ...extra,
  } as ApiQuestion;
  return toStored(q, source);
}

const enemIds = (ws: Workspace) =>
  candidates(ws.store, { count: 500, enemOnly: true })
    .map((q) => q.id)
    .sort();

describe('ENEM by provenance', () => {
  it('the ENEM product, the catalog’s national exam, and exams ENEM-product questions carry; never a name', async () => {
    const ws = await workspace();
    await ws.store.examLists.set('vestibulares', [NATIONAL, FUVEST, NAMED]);
    const fromEnem = question(null, 'api:enem');
    const national = question(NATIONAL, 'api:vestibulares');
    const fuvest = question(FUVEST, 'api:vestibulares');
    const named = question(NAMED, 'api:vestibulares');
    const packNamed = question({ id: 'p-exam', name: 'Simulado estilo ENEM' }, 'pack:estilo-enem');
    // The pack's question claims the mark itself: only a manifest's origins count, at import.
    const claimed = question(null, 'pack:forja', { [ENEM_ORIGIN_MARK]: 'yes' });
    // An exam the catalog does not classify, but that the ENEM product's own questions carry.
    const learnedExam: ApiExam = { id: 'exam-learned', name: 'Prova 2019', institution: null, type: null };
    const learnedViaEnem = question(learnedExam, 'api:enem');
    const learned = question(learnedExam, 'api:vestibulares');
    await ws.store.append([fromEnem, national, fuvest, named, packNamed, claimed, learnedViaEnem, learned]);

    const exams = enemExamIds(ws.store);
    // ('enem' is the exam the sample ENEM-product question carries: learned the same way.)
    expect([...exams].sort()).toEqual(['enem', 'exam-enem', 'exam-learned']);
    const verdict = (q: StoredQuestion) => isEnemQuestion(ws.store.get(q.id) ?? q, exams);
    expect(verdict(fromEnem)).toBe(true);
    expect(verdict(national)).toBe(true);
    expect(verdict(learned)).toBe(true);
    expect(verdict(fuvest)).toBe(false);
    expect(verdict(named)).toBe(false);
    expect(verdict(packNamed)).toBe(false);
    expect(verdict(claimed)).toBe(false);
    expect(enemIds(ws)).toEqual([fromEnem.id, national.id, learnedViaEnem.id, learned.id].sort());
  });

  it('a pack records its ENEM questions when built; a student who imports it without any key has them as ENEM', async () => {
    const tutor = await workspace();
    await tutor.store.examLists.set('vestibulares', [NATIONAL, FUVEST]);
    const enem = [question(null, 'api:enem'), question(NATIONAL, 'api:vestibulares')];
    const other = [question(FUVEST, 'api:vestibulares'), question(NAMED, 'api:vestibulares')];
    await tutor.store.append([...enem, ...other]);
    const built = await buildPack([...enem, ...other], tutor.store, tutor.images, {
      title: 'Simulado estilo ENEM',
      appVersion: '0.1.0',
    });
    const pack = await readPack(built.bytes);
    expect([...(pack.manifest.origins?.enem ?? [])].sort()).toEqual(enem.map((q) => q.id).sort());
    // The origin travels in the manifest, never inside a question.
    for (const q of pack.content.questions) expect(q.q).not.toHaveProperty(ENEM_ORIGIN_MARK);

    const student = await workspace();
    await importPack(student, built.bytes);
    expect(enemIds(student)).toEqual(enem.map((q) => q.id).sort());

    // Built again from the student's copy, the pack still knows which were the ENEM's.
    const again = await buildPack(await student.store.loadAll(), student.store, student.images, {
      title: 'Cópia',
      appVersion: '0.1.0',
    });
    expect([...((await readPack(again.bytes)).manifest.origins?.enem ?? [])].sort()).toEqual(
      enem.map((q) => q.id).sort(),
    );
  });

  it('a crafted pack whose questions claim the mark, with no origins in its manifest, adds no ENEM question', async () => {
    const forger = await workspace();
    const forged = [question(NAMED, 'api:vestibulares', { [ENEM_ORIGIN_MARK]: true })];
    await forger.store.append(forged);
    const built = await buildPack(forged, forger.store, forger.images, { title: 'ENEM', appVersion: '0.1.0' });
    expect((await readPack(built.bytes)).manifest.origins).toBeUndefined();
    const student = await workspace();
    await importPack(student, built.bytes);
    expect(enemIds(student)).toEqual([]);
  });
});
