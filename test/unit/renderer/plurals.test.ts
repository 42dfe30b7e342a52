// Counts read as Portuguese (and English): "1 questão", never "1 questões". Every message that puts
// {{count}} before a word has a `_one` form, and i18next picks it (or the plural) by the count.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en';
import { ptBR } from '../../../renderer/src/i18n/pt-BR';
import { withZeroAsPlural } from '../../../renderer/src/i18n/zero';

type Tree = { [key: string]: string | Tree };

function messages(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : messages(value, `${prefix}${key}.`),
  );
}

describe('plurals', () => {
  for (const [language, tree] of [
    ['pt-BR', ptBR],
    ['en', en],
  ] as const) {
    it(`${language}: a message that counts something has its singular form`, () => {
      const all = new Map(messages(tree as unknown as Tree));
      const lacking = [...all]
        .filter(([key, text]) => !/_(one|other)$/.test(key) && /\{\{count\}\} \p{L}/u.test(text))
        .filter(([key]) => !all.has(`${key}_one`))
        // Files saved by a paper exam: always several (booklets, answer sheet, key).
        .filter(([key]) => key !== 'paper.print.done')
        .map(([key]) => key);
      expect(lacking).toEqual([]);
    });
  }

  it('zero, one and many in both languages: zero never reads as one, and many say their number', async () => {
    for (const [language, tree] of [
      ['pt-BR', withZeroAsPlural(ptBR)],
      ['en', en],
    ] as const) {
      const t = await i18next
        .createInstance()
        .init({ lng: language, resources: { [language]: { translation: tree } } });
      const all = new Map(messages(tree as unknown as Tree));
      const counted = [...all.keys()].filter((key) => key.endsWith('_one')).map((key) => key.slice(0, -4));
      expect(counted.length).toBeGreaterThan(20);
      for (const key of counted) {
        const zero = t(key as never, { count: 0 }) as string;
        const two = t(key as never, { count: 2 }) as string;
        // Zero never reads as one ("1 folha lida" for none read), and many say their number.
        expect(zero, `${language} ${key} at 0`).not.toMatch(/(^|\D)1(\D|$)/);
        if ((all.get(`${key}_other`) ?? all.get(key) ?? '').includes('{{count}}'))
          expect(two, `${language} ${key} at 2`).toMatch(/2/);
      }
    }
  });

  it('the class report says "1 questão" for a subject of one question, and the plural otherwise', async () => {
    const t = await i18next.createInstance().init({
      lng: 'pt-BR',
      resources: { 'pt-BR': { translation: ptBR }, en: { translation: en } },
    });
    expect(t('class.subjectRow', { percent: '50%', count: 1 })).toBe('50% (1 questão)');
    expect(t('class.subjectRow', { percent: '75%', count: 4 })).toBe('75% (4 questões)');
    expect(t('notebook.countdown', { count: 1, label: 'o ENEM' })).toBe('Falta 1 dia para o ENEM');
    // Portuguese reads 0 as singular: a new card, never reviewed, must not say "1 revisão".
    expect(t('notebook.reviews', { count: 0 })).toBe('nenhuma revisão');
    expect(t('notebook.reviews', { count: 1 })).toBe('1 revisão');
    expect(t('class.subjectRow', { lng: 'en', percent: '50%', count: 1 })).toBe('50% (1 question)');
    // The plan's limits are figures beside their field's name, so one new card a day never reads "1 novas".
    expect(t('notebook.readiness.needed', { goal: 950, newPerDay: 1, reviewsPerDay: 12 })).toBe(
      'Para chegar a 950 sem deixar nada para o dia da prova: limite de novas por dia 1, e de questões por dia 12.',
    );
    expect(t('notebook.plan.limitsHint', { newPerDay: 1, dailyLimit: 1 })).toContain('Limite de novas por dia: 1;');
  });
});

describe('the exam screen’s shortcuts help', () => {
  it('lists every shortcut the messages describe, in both languages', async () => {
    const { SHORTCUTS } = await import('../../../renderer/src/features/exams/shortcuts');
    for (const tree of [ptBR, en]) {
      const described = Object.keys(tree.exams.shortcuts).filter((key) => key !== 'title');
      expect([...SHORTCUTS].sort()).toEqual(described.sort());
    }
  });
});
