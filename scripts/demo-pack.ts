// Builds assets/demo.exampack from assets/demo/ (questions.ts and images/).
//   npm run demo-pack          rebuild the file
// Deterministic: a test rebuilds it and compares with the committed bytes.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS, QUESTIONS } from '../assets/demo/questions.js';
import type { ApiQuestion } from '../main/core/api/schemas.js';
import { correctAlternativeId } from '../main/core/catalog/answer-key.js';
import { CatalogStore, type StoredQuestion } from '../main/core/catalog/store.js';
import { ImageCache } from '../main/core/images/cache.js';
import { buildPack } from '../main/core/packs/writer.js';
import { APP_VERSION } from '../main/core/version.js';
import { tempDir } from '../test/support/temp.js';

const ROOT = join(fileURLToPath(import.meta.url), '../..');
export const DEMO_PACK_PATH = join(ROOT, 'assets/demo.exampack');
export const DEMO_EXAM = { id: 'demo-enem-style', name: 'Simulado de demonstração' };

export async function buildDemoPack(): Promise<Buffer> {
  const { dir, cleanup } = await tempDir('demo-pack-');
  try {
    const store = await CatalogStore.open(join(dir, 'catalog'));
    const images = await ImageCache.open(join(dir, 'images'));
    const questions: StoredQuestion[] = [];
    for (const [index, source] of QUESTIONS.entries()) {
      const id = `demo-${String(index + 1).padStart(3, '0')}`;
      const imageUrl = source.image ? `demo://images/${source.image}` : null;
      if (source.image && imageUrl) {
        const stored = await images.put(imageUrl, await readFile(join(ROOT, 'assets/demo/images', source.image)));
        if (!stored) throw new Error(`${source.image} is not an image`);
      }
      const alternatives = source.alternatives.map((text, i) => ({
        id: `${id}-${'ABCDE'[i] ?? i}`,
        letter: 'ABCDE'[i] ?? String(i),
        text,
        imageUrl: null,
        isCorrect: i === source.correct,
      }));
      const q: ApiQuestion = {
        id,
        statement: source.statement,
        imageUrl,
        subject: { id: `demo-${source.area}`, name: AREAS[source.area] },
        exam: DEMO_EXAM,
        difficulty: source.difficulty,
        alternatives,
        correctAlternative: alternatives[source.correct]?.letter,
      };
      questions.push({
        id,
        q,
        correctId: correctAlternativeId(q),
        year: null,
        difficulty: source.difficulty,
        sources: ['demo'],
      });
    }
    await store.append(questions);
    await store.examLists.set('demo', [{ ...DEMO_EXAM, institution: null, type: null }]);
    const built = await buildPack(await store.loadAll(), store, images, {
      id: 'demo-pack',
      title: 'Pacote de demonstração',
      description:
        '44 questões originais no estilo do ENEM, nas quatro áreas do conhecimento, para experimentar o app sem chave de API.',
      author: 'Exam Practice',
      createdAt: '2026-11-22',
      appVersion: APP_VERSION,
    });
    if (built.missingImages.length) throw new Error(`missing images: ${built.missingImages.join(', ')}`);
    return built.bytes;
  } finally {
    await cleanup();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await buildDemoPack();
  await writeFile(DEMO_PACK_PATH, bytes);
  console.log(`wrote ${DEMO_PACK_PATH} (${QUESTIONS.length} questions, ${bytes.length} bytes)`);
}
