// The Moodle reader's first line of defence: one linear pass over the text, before the parser
// builds anything, that refuses what would make it stall or swell (docs/moodle.md, "Hostile input").

export class MoodleError extends Error {
  constructor(
    readonly code: 'too-large' | 'not-moodle-xml' | 'doctype' | 'too-many-questions' | 'too-complex' | 'no-questions',
    readonly detail = '',
    /** 'no-questions': how many were left out, by reason (the student is told each). */
    readonly skipped: Record<string, number> = {},
    /** 'no-questions': each left-out question by name, with its reason (the CLI lists them). */
    readonly skippedQuestions: readonly { name: string; reason: string }[] = [],
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'MoodleError';
  }
}

/** Limits checked by one linear scan before the parser builds anything (docs/moodle.md). */
export const MOODLE_LIMITS = {
  questions: 5_000,
  /** Opening tags, HTML inside the texts included: a real bank of 5,000 questions has a few hundred thousand. */
  elements: 1_000_000,
  /** Characters of one embedded <file> (base64): an image of up to 5 MiB. */
  fileChars: 7 * 1024 * 1024,
  /** Characters of text between two tags outside a <file>. */
  textChars: 1024 * 1024,
} as const;
/**
 * One pass over the text before any parsing, counting what the parser would build: questions,
 * elements, the length of each embedded file and of each text. Past a limit the file is refused at
 * once, in time linear in its size and with no tree built.
 */
export function scanMoodleXml(xml: string): void {
  let questions = 0;
  let elements = 0;
  let inFile = false;
  let fileStart = 0;
  let textStart = 0;
  for (let at = xml.indexOf('<'); at !== -1; at = xml.indexOf('<', at + 1)) {
    if (!inFile && at - textStart > MOODLE_LIMITS.textChars)
      throw new MoodleError('too-complex', `a text of over ${MOODLE_LIMITS.textChars} characters`);
    const next = xml.charCodeAt(at + 1);
    const isOpening = (next >= 65 && next <= 90) || (next >= 97 && next <= 122);
    if (isOpening) {
      elements += 1;
      if (elements > MOODLE_LIMITS.elements)
        throw new MoodleError('too-complex', `over ${MOODLE_LIMITS.elements} elements`);
      if (xml.startsWith('question', at + 1) && /[\s>/]/.test(xml.charAt(at + 9))) {
        questions += 1;
        if (questions > MOODLE_LIMITS.questions)
          throw new MoodleError('too-many-questions', `over ${MOODLE_LIMITS.questions}`);
      }
      if (xml.startsWith('file', at + 1) && /[\s>/]/.test(xml.charAt(at + 5))) {
        inFile = true;
        fileStart = at;
      }
    } else if (inFile && xml.startsWith('/file>', at + 1)) {
      inFile = false;
      if (at - fileStart > MOODLE_LIMITS.fileChars)
        throw new MoodleError('too-large', `an embedded file of over ${MOODLE_LIMITS.fileChars} characters`);
    }
    if (inFile && at - fileStart > MOODLE_LIMITS.fileChars)
      throw new MoodleError('too-large', `an embedded file of over ${MOODLE_LIMITS.fileChars} characters`);
    textStart = at;
  }
  if (inFile && xml.length - fileStart > MOODLE_LIMITS.fileChars)
    throw new MoodleError('too-large', `an embedded file of over ${MOODLE_LIMITS.fileChars} characters`);
  if (!inFile && xml.length - textStart > MOODLE_LIMITS.textChars)
    throw new MoodleError('too-complex', `a text of over ${MOODLE_LIMITS.textChars} characters`);
}
