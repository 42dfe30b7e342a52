import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readPack } from '../../main/core/packs/reader.js';
import { buildDemoPack, DEMO_PACK_PATH } from '../../scripts/demo-pack.js';

describe('the bundled demo pack', () => {
  it('is up to date: rebuilding it from assets/demo gives the committed bytes', async () => {
    expect((await buildDemoPack()).equals(await readFile(DEMO_PACK_PATH))).toBe(true);
  });

  it('passes the same validation as any imported pack, with 40+ gradable questions over the four areas', async () => {
    const pack = await readPack(await readFile(DEMO_PACK_PATH));
    try {
      const { questions } = pack.content;
      expect(questions.length).toBeGreaterThanOrEqual(40);
      expect(new Set(questions.map((q) => q.q.subject.id))).toEqual(
        new Set(['demo-linguagens', 'demo-humanas', 'demo-natureza', 'demo-matematica']),
      );
      expect(new Set(questions.map((q) => q.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
      for (const { q } of questions) {
        expect(q.alternatives.map((a) => a.letter)).toEqual(['A', 'B', 'C', 'D', 'E']);
        expect(q.alternatives.filter((a) => a.isCorrect)).toHaveLength(1);
      }
      const withImages = questions.filter((q) => q.q.imageUrl);
      expect(withImages.length).toBeGreaterThanOrEqual(3);
      expect(pack.images.size).toBe(withImages.length);
    } finally {
      await pack.dispose();
    }
  });
});

describe('pack format documentation', () => {
  it('ships JSON Schemas generated from the zod schemas, up to date', async () => {
    const { packSchemas } = await import('../../scripts/pack-schema.js');
    for (const [file, text] of Object.entries(packSchemas())) expect(await readFile(file, 'utf8'), file).toBe(text);
  });
});

describe('the demo figures', () => {
  it('the triangle’s "6 cm" label ends left of the vertical leg (it overlapped it)', async () => {
    const svg = await readFile('assets/demo/images/triangulo.svg', 'utf8');
    const label = /<text x="([\d.]+)" y="[\d.]+" text-anchor="end">6 cm<\/text>/.exec(svg);
    const leg = /<polygon points="([\d.]+),/.exec(svg);
    expect(label, 'the label is anchored at its end').not.toBeNull();
    // Right-anchored: the label's right edge is its x; the leg is the polygon's first x, 2 px wide.
    expect(Number(label?.[1])).toBeLessThan(Number(leg?.[1]) - 2);
  });
});
