// Whether a question is the national exam's (ENEM), decided by where it came from — never by a
// name (a pack called "Simulado estilo ENEM" is not the ENEM). docs/exams.md, "ENEM by provenance":
// - synced from the ENEM product (`api:enem`);
// - synced from the entrance-exam product, of an exam that is an ENEM edition: one the product's
//   own exam catalog (/exams) lists with institution INEP and type "nacional", or one that questions
//   synced from the ENEM product carry;
// - from a pack whose author's copy recorded one of those origins for it when the pack was built
//   (the manifest's `origins.enem`; kept on the record as ENEM_ORIGIN_MARK).
import { foldText } from './fold.js';
import type { CatalogStore, QuestionMeta } from './store.js';

/** Set on a pack's record whose pack recorded an ENEM origin for it (stripped when a pack is built again). */
export const ENEM_ORIGIN_MARK = 'enemOrigin';

/** The ids of the exams that are ENEM editions, from the catalog's own data. */
export function enemExamIds(store: CatalogStore): Set<string> {
  const ids = new Set<string>();
  for (const exam of store.examLists.ofProduct('vestibulares')) {
    if (foldText(exam.institution ?? '') === 'inep' && foldText(exam.type ?? '') === 'nacional') ids.add(exam.id);
  }
  for (const question of store.all()) {
    const examId = question.q.exam?.id;
    if (examId && question.sources.includes('api:enem')) ids.add(examId);
  }
  return ids;
}

/** Whether a question is the ENEM's, given the ENEM editions of the catalog (`enemExamIds`). */
export function isEnemQuestion(question: QuestionMeta, enemExams: ReadonlySet<string>): boolean {
  if (question.sources.includes('api:enem')) return true;
  const examId = question.q.exam?.id;
  if (examId && question.sources.includes('api:vestibulares') && enemExams.has(examId)) return true;
  return question.sources.some((s) => s.startsWith('pack:')) && question.q[ENEM_ORIGIN_MARK] === true;
}
