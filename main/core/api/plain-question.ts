// A fast yes for the common case: an item valid on the wire (`wireQuestionSchema`, schemas.ts, stays
// the definition) that is already in the catalog's form (normal-question.ts would change nothing
// and note nothing). A test checks both over every way an item can differ from a good one; anything
// else is left to zod and the normaliser. zod builds a copy of each item as it checks
// it (an object and an issue list per field), and at 50,000 questions those copies made the sync's
// young-generation collections a quarter more frequent and a third of its time over a bare fetch.
import { readDifficulty, readName, readYear } from './lenient-fields.js';
import { hasMarkup } from '../util/markup-text.js';

type Plain = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === 'string' && value.length > 0;
/** A string with no markup (normal-question.ts turns markup into plain text). */
const isPlainText = (value: unknown) => typeof value === 'string' && !hasMarkup(value);
/** Absent, or a name normal-question.ts keeps as it is. */
const isOptionalName = (value: unknown) => value === undefined || readName(value) !== undefined;
const isOptionalId = (value: unknown) => value === undefined || isId(value);
const isNullishString = (value: unknown) => value === undefined || value === null || typeof value === 'string';

function isPlainAlternative(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    isId(value.id) &&
    typeof value.letter === 'string' &&
    isPlainText(value.text) &&
    isNullishString(value.imageUrl) &&
    typeof value.isCorrect === 'boolean'
  );
}

/** True only for an item the wire schema accepts and the normaliser keeps as is; false says nothing. */
export function isPlainlyValidQuestion(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const { subject, exam, year, alternatives } = value;
  if (!isId(value.id) || !isPlainText(value.statement) || !isNullishString(value.imageUrl)) return false;
  if (!isPlainObject(subject) || !isId(subject.id) || !isOptionalName(subject.name)) return false;
  if (exam !== undefined && exam !== null) {
    if (!isPlainObject(exam) || !isOptionalId(exam.id) || !isOptionalName(exam.name)) return false;
  }
  if (year !== undefined && year !== null && readYear(year) !== year) return false;
  const { difficulty } = value;
  if (difficulty !== undefined && difficulty !== null && readDifficulty(difficulty) !== difficulty) return false;
  if (!Array.isArray(alternatives) || alternatives.length === 0 || !alternatives.every(isPlainAlternative))
    return false;
  return Object.hasOwn(value, 'correctAlternative');
}
