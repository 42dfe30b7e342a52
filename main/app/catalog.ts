// The library's channels: facets and pages from the catalog's entries, one question's public view
// (its body read from disk), and its key and worked solution only when no running exam locks it
// (core/exams/visibility.ts decides).
import { createHash } from 'node:crypto';
import type { Explanation } from '../core/catalog/explanations.js';
import { publicRecordOf } from '../core/exams/visibility.js';
import { packImageUrl } from '../core/packs/registry.js';
import type { Workspace } from '../core/workspace.js';
import type { Library } from './library.js';
import { BridgeError, type ExplanationView, type Handlers } from './types.js';

type CatalogChannel =
  | 'catalog:facets'
  | 'catalog:query'
  | 'catalog:question'
  | 'catalog:reveal'
  | 'catalog:explanation'
  | 'catalog:set-explanation';

export interface CatalogDeps {
  workspace: Workspace;
  library: Library;
  isLocked: (questionId: string) => boolean;
}

export function createCatalogHandlers({ workspace, library, isLocked }: CatalogDeps): Pick<Handlers, CatalogChannel> {
  const explanationView = (explanation: Explanation | null): ExplanationView | null =>
    explanation && { text: explanation.text, image: library.imageFor(explanation.image) };
  /** A question the renderer may learn the key of now (refused while a running exam holds it). */
  const unlocked = async (id: string) => {
    if (isLocked(id)) throw new BridgeError('locked-by-exam');
    const question = await workspace.store.loadOne(id);
    if (!question) throw new BridgeError('not-found');
    return question;
  };
  return {
    'catalog:facets': () => Promise.resolve(library.facets()),
    'catalog:query': ({ filter, offset, limit }) => library.query(filter, offset, limit),
    'catalog:question': async ({ id }) => {
      const question = await workspace.store.loadOne(id);
      if (!question) throw new BridgeError('not-found');
      return library.view(publicRecordOf(question));
    },
    'catalog:reveal': async ({ id }) => ({ correctAlternativeId: (await unlocked(id)).correctId }),
    // A worked solution gives the key away: refused like reveal while the question is locked.
    'catalog:explanation': async ({ id }) => explanationView(workspace.explanations.for(id, (await unlocked(id)).q)),
    'catalog:set-explanation': async ({ id, text, image }) => {
      const question = await unlocked(id);
      let figure = workspace.explanations.for(id, question.q)?.image ?? null;
      if (image === null) figure = null;
      else if (image) {
        // Addressed by its hash, like the images packs carry (it travels in the tutor's packs).
        const sha = createHash('sha256').update(image).digest('hex');
        if (!(await workspace.images.put(packImageUrl(sha), image))) {
          throw new BridgeError('invalid-argument', { field: 'image' });
        }
        await workspace.images.save();
        figure = packImageUrl(sha);
      }
      await workspace.explanations.set(id, { text, image: figure });
      return explanationView(workspace.explanations.for(id, question.q));
    },
  };
}
