// A sync into a workspace as the tests of what a server sends run it: no images (they test the
// catalog), and a fixed current year (the year probes of a partitioned scope start from it).
import type { CatalogClient } from '../../main/core/api/client.js';
import { runSync } from '../../main/core/sync/engine.js';
import type { SyncScope } from '../../main/core/sync/scope.js';
import type { Workspace } from '../../main/core/workspace.js';

export function syncWithoutImages(client: CatalogClient, workspace: Workspace, scope: SyncScope = { product: 'enem' }) {
  return runSync(scope, {
    client,
    store: workspace.store,
    images: workspace.images,
    state: workspace.state,
    currentYear: 2026,
    downloadImages: false,
  });
}
