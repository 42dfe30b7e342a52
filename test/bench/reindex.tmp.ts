import { openWorkspace } from '../../main/core/workspace.js';
const w = await openWorkspace(process.argv[2] ?? '/tmp/bench50k');
console.log('fromIndex', w.store.fromIndex);
await w.close();
