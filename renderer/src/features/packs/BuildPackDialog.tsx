import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, LibraryFilter } from '../../../../preload/contract';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/queries';
import { saveFiles } from '../../lib/save-files';
import { formatBytes } from '../../lib/format';

export function BuildPackDialog({
  filter,
  ids,
  count,
  onClose,
}: {
  filter: LibraryFilter;
  ids: string[] | null;
  count: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [author, setAuthor] = useState('');
  const [fixedExam, setFixedExam] = useState(false);
  const [seal, setSeal] = useState(false);
  const [releaseCode, setReleaseCode] = useState<string | null>(null);
  const [minutes, setMinutes] = useState('60');
  const previewQuery = useBridgeQuery(api, 'packs:preview', { filter, ...(ids && { ids }) });
  const preview = previewQuery.data ?? null;
  const [buildError, setError] = useState<BridgeErrorValue | null>(null);
  const error = buildError ?? previewQuery.error;
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const built = await api['packs:build']({
        filter,
        ...(ids && { ids }),
        title,
        ...(description && { description }),
        ...(author && { author }),
        ...(fixedExam && { examConfig: { timeLimitMinutes: Number(minutes), strictTimer: true } }),
        ...(seal && { seal }),
      });
      const { paths } = await saveFiles([built]);
      // Closed without saving: no file, so no release code for one either.
      if (!paths[0]) return;
      setSaved(paths[0]);
      setReleaseCode(built.releaseCode);
    } catch (caught) {
      setError(errorOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      titleId="build-pack-title"
      title={t('packs.build.heading')}
      testId="build-pack-dialog"
      onClose={onClose}
      close={{ label: t('library.close'), testId: 'build-pack-close' }}
    >
      <p>{ids ? t('packs.build.fromSelection', { count: ids.length }) : t('packs.build.fromFilter', { count })}</p>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <label htmlFor="pack-title">{t('packs.build.title')}</label>
        <input
          id="pack-title"
          ref={first}
          required
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="pack-title"
        />
        <label htmlFor="pack-description">{t('packs.build.description')}</label>
        <input
          id="pack-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="pack-description"
        />
        <label htmlFor="pack-author">{t('packs.build.author')}</label>
        <input id="pack-author" value={author} onChange={(e) => setAuthor(e.target.value)} data-testid="pack-author" />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={fixedExam}
            onChange={(e) => setFixedExam(e.target.checked)}
            data-testid="pack-fixed-exam"
          />
          {t('packs.build.fixedExam')}
        </label>
        {fixedExam && (
          <>
            <label htmlFor="pack-minutes">{t('packs.build.timeLimit')}</label>
            <input
              id="pack-minutes"
              type="number"
              min={1}
              max={1440}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              data-testid="pack-minutes"
            />
          </>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={seal} onChange={(e) => setSeal(e.target.checked)} data-testid="pack-seal" />
          {t('packs.seal.option')}
        </label>
        {seal && <p className="muted">{t('packs.seal.explain')}</p>}
        {preview && (
          <p className="muted" data-testid="pack-preview">
            {t('packs.build.preview', {
              questions: preview.questions,
              images: preview.images,
              size: formatBytes(preview.bytes, i18n.language),
            })}
            {preview.missingImages > 0 && ` ${t('packs.build.missing', { count: preview.missingImages })}`}
          </p>
        )}
        <button
          type="submit"
          className="primary"
          disabled={busy || !title.trim()}
          aria-describedby={!title.trim() ? 'pack-save-why' : undefined}
          data-testid="pack-save"
        >
          {t('packs.build.save')}
        </button>
        {!title.trim() && (
          <p id="pack-save-why" className="muted" data-testid="pack-save-why">
            {t('packs.build.needTitle')}
          </p>
        )}
      </form>
      <ErrorNotice error={error} testId="build-pack-error" />
      {saved && (
        <p className="notice notice-success" role="status" data-testid="pack-saved">
          {t('packs.build.saved', { file: saved })}
        </p>
      )}
      {releaseCode && (
        <div className="notice notice-warning release-code" role="status" data-testid="pack-release-code-box">
          <p>{t('packs.seal.codeIntro')}</p>
          <p className="code" data-testid="pack-release-code">
            {releaseCode}
          </p>
          <button
            type="button"
            className="secondary"
            onClick={() => void navigator.clipboard?.writeText(releaseCode)}
            data-testid="pack-release-code-copy"
          >
            {t('packs.seal.copy')}
          </button>
        </div>
      )}
    </Dialog>
  );
}
