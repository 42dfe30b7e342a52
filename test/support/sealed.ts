// A tutor's sealed pack of the demo's first questions, as a fixed exam (the tutor's profile imports
// the demo pack first); `solution` adds a worked solution to the first question.
import type { AppServices } from '../../main/app/services.js';
import { callValue } from './bridge-call.js';

export async function buildSealedDemoPack(tutor: AppServices, count: number, solution?: string) {
  await callValue(tutor, 'packs:import-demo', {});
  const ids = Array.from({ length: count }, (_, i) => `demo-${String(i + 1).padStart(3, '0')}`);
  if (solution) await callValue(tutor, 'catalog:set-explanation', { id: 'demo-001', text: solution });
  const built = await callValue(tutor, 'packs:build', {
    filter: {},
    ids,
    title: 'Prova lacrada',
    examConfig: { timeLimitMinutes: 30, strictTimer: true, questionIds: ids },
    seal: true,
  });
  return { built, ids };
}
