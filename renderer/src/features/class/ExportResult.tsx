// After a pack's exam: the student saves a result file for the tutor (name asked once, editable).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/queries';
import { saveFiles } from '../../lib/save-files';

export function ExportResult({ attemptId, packTitle }: { attemptId: string; packTitle: string }) {
  const { t } = useTranslation();
  const id = useId();
  // Typed here, or else the name the settings keep.
  const [typed, setName] = useState<string | null>(null);
  const kept = useBridgeQuery(api, 'settings:get', {}).data?.studentName;
  const name = typed ?? kept ?? '';
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<BridgeErrorValue | null>(null);
  const save = async () => {
    try {
      const file = await api['class:export-result']({ attemptId, student: name });
      const { paths } = await saveFiles([file]);
      setSaved(paths[0] ?? null);
      setError(null);
    } catch (e) {
      setError(errorOf(e));
    }
  };
  return (
    <section className="export-result" aria-labelledby={`${id}-heading`} data-testid="result-export">
      <h3 id={`${id}-heading`}>{t('class.export.heading')}</h3>
      <p className="muted">{t('class.export.intro', { title: packTitle })}</p>
      <label htmlFor={id}>{t('class.export.name')}</label>{' '}
      <input
        id={id}
        type="text"
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        data-testid="result-export-name"
      />{' '}
      <button
        type="button"
        className="primary"
        disabled={!name.trim()}
        onClick={() => void save()}
        data-testid="result-export-save"
      >
        {t('class.export.save')}
      </button>
      {saved && (
        <p role="status" data-testid="result-export-saved">
          {t('class.export.saved', { file: saved })}
        </p>
      )}
      <ErrorNotice error={error} testId="result-export-error" />
    </section>
  );
}
