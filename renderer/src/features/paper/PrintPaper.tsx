// Paper mode from the exam builder: the same questions as booklets (one per colour), the answer
// sheet and the tutor's key, as PDFs.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExamRequest } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api } from '../../lib/bridge';
import { useAction } from '../../lib/useAction';
import { download } from '../../lib/download';

export function PrintPaper({
  request,
  title,
  minutes,
  seed,
  disabled,
}: {
  request: ExamRequest;
  title: string;
  minutes: number | null;
  seed: number | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [versions, setVersions] = useState(4);
  // One numbered sheet per student: a class of forty by default (the scan tells them apart).
  const [sheets, setSheets] = useState(40);
  const [printed, setPrinted] = useState<{ code: string; files: number } | null>(null);
  const { busy, error, run } = useAction();
  const print = async () => {
    const result = await run(() =>
      api['paper:print']({ request, title, minutes, versions, sheets, ...(seed !== undefined && { seed }) }),
    );
    if (!result) return;
    for (const file of result.files) download(file.data, file.fileName, 'application/pdf');
    setPrinted({ code: result.code, files: result.files.length });
  };
  return (
    <fieldset className="print-paper" data-testid="paper-print">
      <legend>{t('paper.print.heading')}</legend>
      <p className="muted">{t('paper.print.intro')}</p>
      <label htmlFor={id}>{t('paper.print.versions')}</label>{' '}
      <select
        id={id}
        value={versions}
        onChange={(e) => setVersions(Number(e.target.value))}
        data-testid="paper-print-versions"
      >
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>{' '}
      <label htmlFor={`${id}-sheets`}>{t('paper.print.sheets')}</label>{' '}
      <input
        id={`${id}-sheets`}
        type="number"
        min={1}
        max={200}
        value={sheets}
        onChange={(e) => setSheets(Math.min(200, Math.max(1, Math.round(Number(e.target.value)) || 1)))}
        style={{ width: '5em' }}
        data-testid="paper-print-sheets"
      />{' '}
      <button
        type="button"
        className="secondary"
        disabled={disabled || busy}
        onClick={() => void print()}
        data-testid="paper-print-button"
      >
        {t('paper.print.button')}
      </button>
      {printed && (
        <p role="status" data-testid="paper-printed" data-code={printed.code}>
          {t('paper.print.done', { code: printed.code, count: printed.files })}
        </p>
      )}
      <ErrorNotice error={error} testId="paper-print-error" />
    </fieldset>
  );
}
