// Packs dropped on the window or opened from the OS: asked first, then imported.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackImportResult } from '../../../../preload/contract';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api } from '../../lib/bridge';
import { usePackImport } from './usePackImport';

type Offer = { kind: 'file'; file: File; name: string } | { kind: 'pending'; token: string; name: string };

export function PackDropAndOpen({ onImported }: { onImported: (result: PackImportResult) => void }) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const [offer, setOffer] = useState<Offer | null>(null);
  const { busy, error, result, importFile, importPending } = usePackImport(onImported);

  useEffect(() => api.on('packs:open-request', ({ token, name }) => setOffer({ kind: 'pending', token, name })), []);

  useEffect(() => {
    const isFileDrag = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const over = (event: DragEvent) => {
      if (!isFileDrag(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file && file.name.toLowerCase().endsWith('.exampack')) setOffer({ kind: 'file', file, name: file.name });
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

  const confirm = async () => {
    if (!offer) return;
    await (offer.kind === 'file' ? importFile(offer.file) : importPending(offer.token));
    setOffer(null);
  };

  return (
    <>
      {dragging && (
        <div className="drop-zone" data-testid="drop-zone">
          {t('packs.dropHint')}
        </div>
      )}
      {offer && (
        <Dialog
          titleId="confirm-import-title"
          title={t('packs.confirmImport', { name: offer.name })}
          testId="confirm-import"
          role="alertdialog"
        >
          <div className="actions">
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void confirm()}
              data-testid="confirm-import-yes"
            >
              {t('packs.confirm')}
            </button>
            <button type="button" className="secondary" onClick={() => setOffer(null)} data-testid="confirm-import-no">
              {t('packs.cancel')}
            </button>
          </div>
        </Dialog>
      )}
      <div className="toast-area">
        <ErrorNotice error={error} testId="drop-import-error" />
        {result && (
          <p className="notice notice-success" role="status" data-testid="drop-imported">
            {t('packs.imported', { title: result.pack.title, count: result.pack.questionCount, added: result.added })}
          </p>
        )}
      </div>
    </>
  );
}
