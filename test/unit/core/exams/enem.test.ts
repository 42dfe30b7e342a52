import { afterEach, describe, expect, it } from 'vitest';
import type { ApiQuestion } from '../../../../main/core/api/schemas.js';
import { ENEM_ORIGIN_MARK } from '../../../../main/core/catalog/provenance.js';
import { CatalogStore, toStored, type StoredQuestion } from '../../../../main/core/catalog/store.js';
import { countMatching, PRESETS, selectQuestions } from '../../../../main/core/exams/builder.js';
import { ExamEngine } from '../../../../main/core/exams/engine.js';
import { ImageCache } from '../../../../main/core/images/cache.js';
import { seededRandom } from '../../../../main/core/exams/random.js';
import { sampleQuestion } from '../../../support/questions.js';
import { tempDir } from '../../../support/temp.js';

let cleanup: () => Promise<void> = () => Promise.resolve();
afterEach(() => cleanup());

const SUBJECTS: Record<string, string> = {
  por: 'Língua Portuguesa',
  ing: 'Língua Inglesa',
  esp: 'Língua Espanhola',
  his: 'História',
  geo: 'Geografia',
  mat: 'Matemática',
  bio: 'Biologia',
};

let n = 0;
function q(subject: string, exam: { id: string; name: string }, source: string): StoredQuestion {
  n += 1;
  const base: ApiQuestion = sampleQuestion(n, { subject: { id: subject, name: SUBJECTS[subject] ?? subject }, exam });
  // A pack's question is the ENEM's when its pack recorded that origin (catalog/provenance.ts).
  return toStored(source.startsWith('pack:') ? { ...base, [ENEM_ORIGIN_MARK]: true } : base, source);
}

const ENEM = { id: 'enem-2023', name: 'ENEM 2023' };
const FUVEST = { id: 'fuvest-2023', name: 'FUVEST 2023' };

/** A mixed catalog: plenty of ENEM questions in every block, and FUVEST ones that must never be drawn. */
async function mixedStore(): Promise<CatalogStore> {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const store = await CatalogStore.open(temp.dir);
  const many = (count: number, subject: string, exam: typeof ENEM, source: string) =>
    Array.from({ length: count }, () => q(subject, exam, source));
  await store.append([
    ...many(50, 'por', ENEM, 'api:enem'),
    ...many(8, 'ing', ENEM, 'api:enem'),
    ...many(8, 'esp', ENEM, 'pack:p'), // a pack that recorded their ENEM origin
    ...many(30, 'his', ENEM, 'api:enem'),
    ...many(20, 'geo', ENEM, 'api:vestibulares'), // another product, an exam the ENEM product's questions carry
    ...many(60, 'por', FUVEST, 'api:vestibulares'),
    ...many(60, 'his', FUVEST, 'api:vestibulares'),
    ...many(30, 'ing', FUVEST, 'api:vestibulares'),
  ]);
  return store;
}

const day1 = PRESETS.find((p) => p.id === 'enem-day1');
if (!day1) throw new Error('no day 1 preset');

describe('ENEM presets', () => {
  it('day 1: 5 questions in the chosen foreign language, then 40 of Linguagens, then 45 of Humanas, all from ENEM exams', async () => {
    const store = await mixedStore();
    for (const language of ['ingles', 'espanhol'] as const) {
      const chosen = selectQuestions(store, { ...day1.request, foreignLanguage: language }, new Set(), seededRandom(3));
      expect(chosen).toHaveLength(90);
      const subjects = chosen.map((s) => s.q.subject.id);
      expect(subjects.slice(0, 5)).toEqual(Array(5).fill(language === 'ingles' ? 'ing' : 'esp'));
      expect(new Set(subjects.slice(5, 45))).toEqual(new Set(['por']));
      expect(new Set(subjects.slice(45))).toEqual(new Set(['his', 'geo']));
      expect(chosen.every((s) => s.q.exam?.name === 'ENEM 2023')).toBe(true);
      expect(new Set(chosen.map((s) => s.id)).size).toBe(90);
    }
  });

  it('counts what each block can have, and the engine refuses to start a half-filled exam', async () => {
    const store = await mixedStore();
    const request = {
      ...day1.request,
      foreignLanguage: 'ingles' as const,
      areas: ['linguagens' as const, 'natureza' as const],
    };
    const count = countMatching(store, request, new Set());
    expect(count.blocks).toEqual([
      { key: 'linguagens-ingles', needed: 5, available: 8 },
      { key: 'linguagens', needed: 40, available: 50 },
      { key: 'natureza', needed: 45, available: 0 },
    ]);
    const images = await ImageCache.open(`${store.dir}/images`);
    const engine = await ExamEngine.open({
      dir: `${store.dir}/attempts`,
      store: () => store,
      images: () => images,
      imageUrl: (sha) => sha,
      clock: { now: () => 0, speed: 1 },
    });
    await expect(
      engine.start(request, { title: 'ENEM', mode: 'timed', timeLimitMinutes: 330, strict: true }),
    ).rejects.toMatchObject({ code: 'not-enough-questions', params: { blocks: 'natureza:0/45' } });
  });

  it('uses the real times: day 1 5h30, day 2 5h, and results speak in areas with a pace of about 3 minutes', async () => {
    expect(PRESETS.find((p) => p.id === 'enem-day1')?.settings.timeLimitMinutes).toBe(330);
    expect(PRESETS.find((p) => p.id === 'enem-day2')?.settings.timeLimitMinutes).toBe(300);
    const store = await mixedStore();
    const images = await ImageCache.open(`${store.dir}/images`);
    const clock = { t: 0, now: () => clock.t, speed: 1 };
    const engine = await ExamEngine.open({
      dir: `${store.dir}/attempts`,
      store: () => store,
      images: () => images,
      imageUrl: (sha) => sha,
      clock,
    });
    const state = await engine.start(
      { ...day1.request, foreignLanguage: 'ingles' },
      { title: 'ENEM dia 1', mode: 'timed', timeLimitMinutes: 330, strict: true, seed: 1 },
    );
    clock.t += 10 * 60_000; // 10 minutes on question 1: time lost there
    await engine.visit(state.attemptId, 1);
    await engine.guess(state.attemptId, 1, true);
    const result = await engine.submit(state.attemptId);
    expect(result.byArea.map((l) => [l.key, l.total])).toEqual([
      ['linguagens', 45],
      ['humanas', 45],
    ]);
    expect(result.pacing.budgetMs).toBe(220_000); // 330 minutes / 90
    expect(result.pacing.slowest[0]).toEqual({ index: 0, timeMs: 600_000 });
    expect(result.guessed).toEqual({ total: 1, right: 0 });
  });
});
