// Paper mode from the exam builder: the same questions as booklets (one per colour), the answer
// sheet and the tutor's key, as PDFs.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, ExamRequest } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';
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
  const [busy, setBusy] = useState(false);
  const [printed, setPrinted] = useState<{ code: string; files: number } | null>(null);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const print = async () => {
    setBusy(true);
    try {
      const result = await api['paper:print']({
        request,
        title,
        minutes,
        versions,
        ...(seed !== undefined && { seed }),
      });
      for (const file of result.files) download(file.data, file.fileName, 'application/pdf');
      setPrinted({ code: result.code, files: result.files.length });
      setError(null);
    } catch (e) {
      setError(errorOf(e));
    } finally {
      setBusy(false);
    }
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
