// What became of each question of a sync, counted once: with a key, without one (and why),
// refused (and why), fields shown as '—', and a listing the server never ended.
import { useTranslation } from 'react-i18next';
import type { SyncReport, UnreadableField } from '../../../../preload/contract';

export function SyncOutcomeLines({ report }: { report: SyncReport }) {
  const { t, i18n } = useTranslation();
  const n = (value: number | undefined) => (value ?? 0).toLocaleString(i18n.language);
  const { kept, keyless, refused, unreadable } = report.outcome;
  const fields = Object.entries(unreadable)
    .map(([field, count]) => `${t(`sync.report.field.${field as UnreadableField}`)} (${n(count)})`)
    .join(', ');
  const refusedFields = Object.entries(refused.causes)
    .map(([field, count]) => `${field}: ${n(count)}`)
    .join(', ');
  return (
    <>
      <p data-testid="sync-report-kept" data-count={kept}>
        {t('sync.report.kept', { n: n(kept) })}
      </p>
      {keyless.total > 0 && (
        <p
          data-testid="sync-report-keyless"
          data-count={keyless.total}
          data-none-marked={keyless.causes['none-marked'] ?? 0}
          data-several-marked={keyless.causes['several-marked'] ?? 0}
          data-contradicted={keyless.causes.contradicted ?? 0}
        >
          {t('sync.report.keyless', {
            n: n(keyless.total),
            none: n(keyless.causes['none-marked']),
            several: n(keyless.causes['several-marked']),
            contradicted: n(keyless.causes.contradicted),
            earlier: n(keyless.causes['earlier-run']),
          })}
        </p>
      )}
      {refused.total > 0 && (
        <p data-testid="sync-report-refused" data-count={refused.total}>
          {t('sync.report.refused', { n: n(refused.total), fields: refusedFields })}
        </p>
      )}
      {fields && <p data-testid="sync-report-unreadable">{t('sync.report.unreadable', { fields })}</p>}
      {report.unendedListings > 0 && (
        <p role="alert" data-testid="sync-report-unended" data-listings={report.unendedListings}>
          {t('sync.report.unended')}
        </p>
      )}
    </>
  );
}
