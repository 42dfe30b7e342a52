// Packs dropped on the window or opened from the OS: asked first, then imported.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, PackImportResult } from '../../../../preload/contract';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api } from '../../lib/bridge';
import { usePackImport } from './usePackImport';

type Offer =
  | { kind: 'file'; file: File; name: string }
  | { kind: 'pending'; token: string; name: string; title: string; questions: number; sha256: string };

export function PackDropAndOpen({ onImported }: { onImported: (result: PackImportResult) => void }) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const [offer, setOffer] = useState<Offer | null>(null);
  const { busy, error, result, importFile, importPending } = usePackImport(onImported);
  /** A file the OS opened that is not a pack we can import: said at once, in a closable dialog. */
  const [refused, setRefused] = useState<{ name: string; error: BridgeErrorValue } | null>(null);

  useEffect(
    () =>
      api.on('packs:open-request', (offered) => {
        if (offered.error) setRefused({ name: offered.name, error: offered.error });
        else
          setOffer({
            kind: 'pending',
            token: offered.token,
            name: offered.name,
            title: offered.title,
            questions: offered.questions,
            sha256: offered.sha256,
          });
      }),
    [],
  );

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
          onClose={() => setOffer(null)}
        >
          {offer.kind === 'pending' && (
            <>
              <p data-testid="confirm-import-summary">
                {t('packs.offerSummary', { title: offer.title, count: offer.questions })}
              </p>
              {/* The exact bytes that were checked: these, not the path, are what is imported. */}
              <p className="muted" data-testid="confirm-import-hash">
                {t('packs.offerHash', { hash: offer.sha256.slice(0, 16) })}
              </p>
            </>
          )}
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
      {refused && (
        <Dialog
          titleId="refused-pack-title"
          title={t('packs.notImportable', { name: refused.name })}
          testId="refused-pack"
          role="alertdialog"
          onClose={() => setRefused(null)}
          close={{ label: t('library.close'), testId: 'refused-pack-close', autoFocus: true }}
        >
          <ErrorNotice error={refused.error} testId="refused-pack-error" />
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
