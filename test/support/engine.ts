// The exam engine over a data folder as tests open it: its attempts, its image cache, a real clock
// unless one is given, images addressed by their bare hash.
import { join } from 'node:path';
import type { CatalogStore } from '../../main/core/catalog/store.js';
import { ExamEngine, type ExamClock } from '../../main/core/exams/engine.js';
import { ImageCache } from '../../main/core/images/cache.js';
import type { NoticeSink } from '../../main/core/util/json-file.js';

export async function openEngineIn(
  dataDir: string,
  store: CatalogStore,
  options: { clock?: ExamClock; notices?: NoticeSink; images?: ImageCache } = {},
): Promise<ExamEngine> {
  const images = options.images ?? (await ImageCache.open(join(dataDir, 'images')));
  return ExamEngine.open({
    dir: join(dataDir, 'attempts'),
    store: () => store,
    images: () => images,
    imageUrl: (sha) => sha,
    clock: options.clock ?? { now: () => Date.now(), speed: 1 },
    ...(options.notices && { notices: options.notices }),
  });
}
