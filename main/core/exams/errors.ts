// The exam engine's refusals, each a code the bridge translates.
export class ExamError extends Error {
  constructor(
    readonly code: 'exam-running' | 'app-closing' | 'exam-over' | 'no-questions' | 'not-found' | 'not-enough-questions',
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'ExamError';
  }
}
