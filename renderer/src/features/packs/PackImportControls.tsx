import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackImportResult } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { usePackImport } from './usePackImport';

/** The import button (file picker), the demo pack offer, and the outcome. */
export function PackImportControls({
  onImported,
  offerDemo,
}: {
  /** Beyond what main's catalog:changed already refreshes (the packs list, the facets). */
  onImported?: (r: PackImportResult) => void;
  offerDemo: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { busy, error, result, importFile, importDemo } = usePackImport(onImported);
  return (
    <div className="pack-import">
      {offerDemo && (
        <div className="notice" data-testid="demo-offer">
          <p>{t('packs.demoHint')}</p>
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => void importDemo()}
            data-testid="import-demo"
          >
            {t('packs.demo')}
          </button>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept=".exampack"
        className="visually-hidden"
        aria-label={t('packs.import')}
        data-testid="pack-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={() => input.current?.click()}
        data-testid="import-pack"
      >
        {busy ? t('packs.importing') : t('packs.import')}
      </button>
      <ErrorNotice error={error} testId="pack-import-error" />
      {result && (
        <p className="notice notice-success" role="status" data-testid="pack-imported">
          {t('packs.imported', { title: result.pack.title, count: result.pack.questionCount, added: result.added })}
        </p>
      )}
    </div>
  );
}
