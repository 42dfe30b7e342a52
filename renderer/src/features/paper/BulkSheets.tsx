// A whole class's sheets at once: a CSV of name, booklet and letters (one row per student, as a
// tutor keeps them in a spreadsheet), each row graded like a typed sheet. Rows that fail say why;
// the others stand. A header row (nome/name…) is skipped.
import Papa from 'papaparse';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaperExamSummary } from '../../../../preload/contract';
import { languageOf } from './sheet-language';
import { useErrorText } from '../../components/ErrorNotice';
import { gradeSheets, GradedSheets, type GradedSheet } from './GradedSheets';

/** A class, with room to spare: a file longer than this is refused, not half-read. */
const MAX_ROWS = 500;
const HEADER = /^(nome|name|aluno|aluna|student|estudante)$/i;

export function BulkSheets({ exam, onOpen }: { exam: PaperExamSummary; onOpen: (attemptId: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [rows, setRows] = useState<GradedSheet[] | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const gradeFile = async (file: File) => {
    setRows(null);
    setRefused(null);
    const parsed = Papa.parse<string[]>((await file.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    const data = parsed.data.filter((cells) => cells.some((cell) => cell.trim()));
    const body = data[0] && HEADER.test((data[0][0] ?? '').trim()) ? data.slice(1) : data;
    const offset = data.length - body.length;
    if (body.length === 0 || body.length > MAX_ROWS) {
      setRefused(t('paper.bulk.refused', { max: MAX_ROWS }));
      return;
    }
    setProgress({ done: 0, total: body.length });
    const sheets = body.map((cells, i) => {
      const line = i + 1 + offset;
      // With a language choice the row says it, between the booklet and the letters.
      const [name = '', version = '', ...rest] = cells.map((cell) => cell.trim());
      const [language = '', letters = ''] = exam.languageChoice ? rest : ['', rest[0] ?? ''];
      return {
        key: line,
        label: String(line),
        student: name,
        version: Number(version),
        answers: letters,
        language: languageOf(language),
      };
    });
    const out = await gradeSheets(exam.code, sheets, errorText, (done) => setProgress({ done, total: body.length }));
    setProgress(null);
    setRows(out);
  };

  return (
    <section className="bulk-sheets" aria-labelledby="bulk-heading" data-testid="paper-csv">
      <h3 id="bulk-heading">{t('paper.bulk.heading')}</h3>
      <p className="muted">{t(exam.languageChoice ? 'paper.bulk.introLanguage' : 'paper.bulk.intro')}</p>
      <label>
        {t('paper.bulk.file')}
        <input
          type="file"
          accept=".csv,text/csv"
          disabled={progress !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void gradeFile(file);
            e.target.value = '';
          }}
          data-testid="paper-csv-input"
        />
      </label>
      {progress && (
        <p role="status" data-testid="paper-csv-progress">
          {t('paper.bulk.progress', { done: progress.done, total: progress.total })}
        </p>
      )}
      {refused && (
        <p role="alert" className="notice notice-error" data-testid="paper-csv-refused">
          {refused}
        </p>
      )}
      {rows && (
        <GradedSheets
          rows={rows}
          heading={t('paper.bulk.line')}
          testId="paper-csv"
          onOpen={onOpen}
          exportable={exam.pack}
        />
      )}
    </section>
  );
}
