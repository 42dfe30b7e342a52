// Moodle XML, both ways: a pack file for a Moodle quiz, and a Moodle question bank as a new pack.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorValue, MoodleImportResult } from '../../../../preload/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { api, errorOf } from '../../lib/bridge';
import { saveFiles } from '../../lib/save-files';

const bytesOf = async (file: File) => new Uint8Array(await file.arrayBuffer());

export function MoodleTools() {
  const { t } = useTranslation();
  const id = useId();
  const [exported, setExported] = useState<{ file: string; questions: number } | null>(null);
  const [title, setTitle] = useState('');
  const [xml, setXml] = useState<File | null>(null);
  const [imported, setImported] = useState<MoodleImportResult | null>(null);
  const [error, setError] = useState<BridgeErrorValue | null>(null);

  const toMoodle = async (file: File | undefined) => {
    if (!file) return;
    try {
      const out = await api['packs:to-moodle']({ data: await bytesOf(file) });
      const { paths } = await saveFiles([out]);
      setExported(paths[0] ? { file: paths[0], questions: out.questions } : null);
      setError(null);
    } catch (e) {
      setError(errorOf(e));
    }
  };

  const fromMoodle = async () => {
    if (!xml) return;
    try {
      const result = await api['packs:from-moodle']({ data: await bytesOf(xml), title: title.trim() });
      // Imported already; the file is the tutor's copy to share.
      await saveFiles([result]);
      // The packs list follows from main's catalog:changed (lib/queries.ts).
      setImported(result);
      setError(null);
    } catch (e) {
      setError(errorOf(e));
    }
  };

  return (
    <section className="moodle-tools" aria-labelledby={`${id}-heading`} data-testid="moodle-tools">
      <h3 id={`${id}-heading`}>{t('packs.moodle.heading')}</h3>
      <p className="muted">{t('packs.moodle.intro')}</p>
      <label>
        {t('packs.moodle.export')}
        <input
          type="file"
          accept=".exampack"
          onChange={(e) => void toMoodle(e.target.files?.[0])}
          data-testid="moodle-export-input"
        />
      </label>
      {exported && (
        <p role="status" data-testid="moodle-exported">
          {t('packs.moodle.exported', { file: exported.file, count: exported.questions })}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void fromMoodle();
        }}
      >
        <label>
          {t('packs.moodle.import')}
          <input
            type="file"
            accept=".xml"
            onChange={(e) => setXml(e.target.files?.[0] ?? null)}
            data-testid="moodle-import-input"
          />
        </label>
        <label>
          {t('packs.moodle.title')}
          <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} data-testid="moodle-title" />
        </label>
        <button type="submit" className="primary" disabled={!xml || !title.trim()} data-testid="moodle-import">
          {t('packs.moodle.importButton')}
        </button>
      </form>
      {imported && (
        <div role="status" data-testid="moodle-imported" data-questions={imported.pack.questionCount}>
          <p>{t('packs.moodle.imported', { title: imported.pack.title, count: imported.pack.questionCount })}</p>
          {imported.skipped.length > 0 && (
            <ul data-testid="moodle-skipped">
              {imported.skipped.map((s, i) => (
                <li key={`${s.name}-${i}`}>
                  {t('packs.moodle.skipped', { name: s.name, reason: t(`packs.moodle.reasons.${s.reason}`) })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ErrorNotice error={error} testId="moodle-error" />
    </section>
  );
}
