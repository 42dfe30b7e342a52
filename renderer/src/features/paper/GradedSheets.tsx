// The outcome of grading many sheets at once (a CSV's rows, a scan's sheets): each one's score,
// one click from its result, or why it was not graded. The rest stand when one fails.
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, ForeignLanguage } from '../../../../preload/contract';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';
import { saveFiles } from '../../lib/save-files';
import { useAction } from '../../lib/useAction';

export type GradedSheet =
  | { key: number; label: string; student: string; attemptId: string; correct: number; total: number; error: null }
  | { key: number; label: string; student: string; attemptId: null; error: string };

/** One sheet to grade: what `paper:grade` takes, and how the table names it. */
export interface SheetToGrade {
  key: number;
  label: string;
  student: string;
  version: number;
  answers: string;
  /** ENEM day 1: the language marked on the sheet (the exam asks for it). */
  language?: ForeignLanguage | null;
  /** A scanned sheet's printed number (its result joins the batch), and whether to grade it again. */
  sheet?: number;
  again?: boolean;
}

/**
 * Grades sheets one after another (each a durable save in main, in order), reporting progress; a
 * sheet that fails carries its reason and the others stand.
 */
export async function gradeSheets(
  code: string,
  sheets: SheetToGrade[],
  errorText: (error: BridgeErrorValue) => string,
  onProgress: (done: number) => void,
): Promise<GradedSheet[]> {
  const out: GradedSheet[] = [];
  for (const [i, sheet] of sheets.entries()) {
    const { key, label, student } = sheet;
    try {
      const result = await api['paper:grade']({
        code,
        version: sheet.version,
        answers: sheet.answers,
        ...(student && { student: student.slice(0, 100) }),
        ...(sheet.language && { language: sheet.language }),
        ...(sheet.sheet !== undefined && { sheet: sheet.sheet }),
        ...(sheet.again && { again: true }),
      });
      const { correct, total } = result.score;
      out.push({ key, label, student, attemptId: result.attemptId, correct, total, error: null });
    } catch (caught) {
      out.push({ key, label, student, attemptId: null, error: errorText(errorOf(caught)) });
    }
    onProgress(i + 1);
  }
  return out;
}

/**
 * Saves every graded sheet of a pack's exam as the student's result file, for the tutor's class
 * report: the same files students send from their own copies.
 */
function ExportAll({ rows, testId }: { rows: GradedSheet[]; testId: string }) {
  const { t } = useTranslation();
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState<number | null>(null);
  const graded = rows.flatMap((row) => (row.error === null ? [row] : []));
  const save = async () => {
    setSaved(null);
    const done = await run(async () => {
      const files = [];
      for (const row of graded) {
        files.push(
          await api['class:export-result']({
            attemptId: row.attemptId,
            student: (row.student.trim() || row.label).slice(0, 100),
          }),
        );
      }
      return (await saveFiles(files)).paths.length;
    });
    if (done) setSaved(done);
  };
  if (graded.length === 0) return null;
  return (
    <div className="graded-export">
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={() => void save()}
        data-testid={`${testId}-export`}
      >
        {t('paper.bulk.export', { count: graded.length })}
      </button>
      {saved !== null && (
        <p role="status" data-testid={`${testId}-exported`} data-count={saved}>
          {t('paper.bulk.exported', { count: saved })}
        </p>
      )}
      <ErrorNotice error={error} testId={`${testId}-export-error`} />
    </div>
  );
}

export function GradedSheets({
  rows,
  heading,
  testId,
  onOpen,
  exportable,
}: {
  rows: GradedSheet[];
  /** The first column's heading: the CSV's line, the scan's sheet number. */
  heading: string;
  testId: string;
  onOpen: (attemptId: string) => void;
  /** A pack's exam: the graded sheets can be saved as result files for the class report. */
  exportable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {exportable && <ExportAll rows={rows} testId={testId} />}
      <table className="data-table" data-testid={`${testId}-results`}>
        <caption>
          {t('paper.bulk.summary', { count: rows.length, graded: rows.filter((r) => r.error === null).length })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">{t('paper.bulk.student')}</th>
            <th scope="col">{t('paper.bulk.result')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              data-testid={`${testId}-row`}
              data-student={row.student}
              data-correct={row.error === null ? row.correct : undefined}
              data-failed={row.error !== null}
            >
              <td>{row.label}</td>
              <td>{row.student || '—'}</td>
              <td>
                {row.error === null ? (
                  <button type="button" className="link" onClick={() => onOpen(row.attemptId)}>
                    {t('paper.bulk.score', { correct: row.correct, total: row.total })}
                  </button>
                ) : (
                  <span className="error-text">{row.error}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
