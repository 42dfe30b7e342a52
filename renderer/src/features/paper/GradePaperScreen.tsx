// Grading a paper answer sheet by typing its letters: pick the printed exam and the booklet
// colour, type the 45 or 90 letters (keyboard only; '-' blank, '*' double mark), see the count
// live, and the sheet becomes a normal attempt with results, review and the error notebook.
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, ForeignLanguage } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/queries';
import { AnswerGrid } from './AnswerGrid';
import { BulkSheets } from './BulkSheets';
import { LanguageSelect } from './LanguageSelect';
import { ScanSheets } from './ScanSheets';

/** Symbols as the line shows them: groups of five, like the printed sheet. */
const groupsOfFive = (symbols: readonly string[]) =>
  Array.from({ length: Math.ceil(symbols.length / 5) }, (_, g) => symbols.slice(g * 5, g * 5 + 5).join('')).join(' ');

/** What the typed letters say so far (the same rules as main: docs/paper.md). */
function countTyped(typed: string, total: number) {
  // Spaces only separate (groups of five, like the sheet), as main reads them.
  const symbols = [...typed.replace(/\s/g, '')];
  let filled = 0;
  let blank = 0;
  let double = 0;
  let invalid: number | null = null;
  symbols.forEach((symbol, i) => {
    if (/^[a-e]$/i.test(symbol)) filled += 1;
    else if ('-._'.includes(symbol)) blank += 1;
    else if (symbol === '*') double += 1;
    else invalid ??= i + 1;
  });
  return { filled, blank, double, typed: symbols.length, invalid, tooMany: symbols.length > total };
}

export function GradePaperScreen({ onGraded }: { onGraded: (attemptId: string) => void }) {
  const { t } = useTranslation();
  const ids = { exam: useId(), version: useId(), student: useId(), letters: useId() };
  const exams = useBridgeQuery(api, 'paper:list', {}).data ?? null;
  // Chosen by the tutor, or else the first exam main lists.
  const [chosen, setCode] = useState<string | null>(null);
  const code = chosen ?? exams?.[0]?.code ?? '';
  const [version, setVersion] = useState(1);
  const [student, setStudent] = useState('');
  const [language, setLanguage] = useState<ForeignLanguage | null>(null);
  const [letters, setLetters] = useState('');
  const [error, setError] = useState<BridgeErrorValue | null>(null);

  const exam = exams?.find((e) => e.code === code) ?? null;
  const count = useMemo(() => countTyped(letters, exam?.questions ?? 0), [letters, exam]);

  const grade = async () => {
    if (!exam) return;
    try {
      const result = await api['paper:grade']({
        code: exam.code,
        version,
        answers: letters.replace(/\s/g, ''),
        ...(student.trim() && { student: student.trim() }),
        ...(exam.languageChoice && language && { language }),
      });
      onGraded(result.attemptId);
    } catch (e) {
      setError(errorOf(e));
    }
  };

  return (
    <section aria-labelledby="paper-heading" data-testid="screen-paper">
      <h2 id="paper-heading">{t('paper.grade.heading')}</h2>
      <p className="muted">{t('paper.grade.intro')}</p>
      {exams && exams.length === 0 && (
        <p className="empty" data-testid="paper-none">
          {t('paper.grade.none')}
        </p>
      )}
      {exam && (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void grade();
          }}
        >
          <label htmlFor={ids.exam}>{t('paper.grade.exam')}</label>
          <select id={ids.exam} value={code} onChange={(e) => setCode(e.target.value)} data-testid="paper-exam">
            {exams?.map((e) => (
              <option key={e.code} value={e.code}>
                {e.title} · {e.code} · {t('paper.grade.questions', { count: e.questions })}
              </option>
            ))}
          </select>
          <label htmlFor={ids.version}>{t('paper.grade.version')}</label>
          <select
            id={ids.version}
            value={version}
            onChange={(e) => setVersion(Number(e.target.value))}
            data-testid="paper-version"
          >
            {exam.versions.map((v) => (
              <option key={v.number} value={v.number}>
                {t('paper.grade.versionOption', { number: v.number, colour: v.colour })}
              </option>
            ))}
          </select>
          {exam.languageChoice && <LanguageSelect value={language} onChange={setLanguage} testId="paper-language" />}
          <label htmlFor={ids.student}>{t('paper.grade.student')}</label>
          <input
            id={ids.student}
            value={student}
            maxLength={100}
            onChange={(e) => setStudent(e.target.value)}
            data-testid="paper-student"
          />
          <label htmlFor={ids.letters}>{t('paper.grade.letters', { count: exam.questions })}</label>
          <input
            id={ids.letters}
            className="letters"
            value={letters}
            autoComplete="off"
            spellCheck={false}
            maxLength={exam.questions * 2 + 20}
            onChange={(e) => setLetters(e.target.value.toUpperCase())}
            aria-describedby={`${ids.letters}-count`}
            data-testid="paper-letters"
          />
          <p
            id={`${ids.letters}-count`}
            role="status"
            aria-live="polite"
            data-testid="paper-count"
            data-typed={count.typed}
            data-filled={count.filled}
          >
            {t('paper.grade.count', {
              typed: count.typed,
              total: exam.questions,
              filled: count.filled,
              blank: count.blank + Math.max(0, exam.questions - count.typed),
              double: count.double,
            })}
            {count.invalid !== null && ` ${t('paper.grade.invalid', { position: count.invalid })}`}
            {count.tooMany && ` ${t('paper.grade.tooMany', { total: exam.questions })}`}
          </p>
          <p className="muted">{t('paper.grade.help')}</p>
          <AnswerGrid
            symbols={[...letters.replace(/\s/g, '')]}
            total={exam.questions}
            // Edits in the grid show in the line in groups of five, as the sheet prints them.
            onChange={(next) => setLetters(groupsOfFive(next))}
          />
          <button
            type="submit"
            className="primary"
            disabled={
              count.invalid !== null || count.tooMany || count.typed === 0 || (exam.languageChoice && !language)
            }
            data-testid="paper-grade"
          >
            {t('paper.grade.submit')}
          </button>
        </form>
      )}
      <ErrorNotice error={error} testId="paper-error" />
      {exam && <ScanSheets key={exam.code} exam={exam} onOpen={onGraded} />}
      {exam && <BulkSheets exam={exam} onOpen={onGraded} />}
    </section>
  );
}
