// A fast yes for the common case of `questionSchema` (schemas.ts), which stays the definition: an
// item this says yes to is one zod accepts (a test checks it over every way an item can differ
// from a good one), and anything else is left to zod. zod builds a copy of each item as it checks
// it (an object and an issue list per field), and at 50,000 questions those copies made the sync's
// young-generation collections a quarter more frequent and a third of its time over a bare fetch.
type Plain = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === 'string' && value.length > 0;
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';
const isNullishString = (value: unknown) => value === undefined || value === null || typeof value === 'string';

function isPlainAlternative(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    isId(value.id) &&
    typeof value.letter === 'string' &&
    typeof value.text === 'string' &&
    isNullishString(value.imageUrl) &&
    (value.isCorrect === undefined || typeof value.isCorrect === 'boolean')
  );
}

/** True only for an item `questionSchema` accepts; false says nothing (ask zod). */
export function isPlainlyValidQuestion(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const { subject, exam, year, alternatives } = value;
  if (!isId(value.id) || typeof value.statement !== 'string' || !isNullishString(value.imageUrl)) return false;
  if (!isPlainObject(subject) || !isId(subject.id) || !isOptionalString(subject.name)) return false;
  if (exam !== undefined && exam !== null) {
    if (!isPlainObject(exam) || !isOptionalString(exam.id) || !isOptionalString(exam.name)) return false;
  }
  if (year !== undefined && year !== null && !Number.isSafeInteger(year)) return false;
  if (!isNullishString(value.difficulty)) return false;
  if (!Array.isArray(alternatives) || alternatives.length === 0 || !alternatives.every(isPlainAlternative))
    return false;
  return Object.hasOwn(value, 'correctAlternative');
}
