import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PackSummary } from '../../../../preload/contract';
import { api } from '../../lib/bridge';
import { queryKeyOf, useBridgeQuery } from '../../lib/queries';
import { PackImportControls } from './PackImportControls';
import { ReleaseCode } from './ReleaseCode';
import { MoodleTools } from './MoodleTools';

export function PacksScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const packs = useBridgeQuery(api, 'packs:list', {}).data ?? null;
  // A write answers with the new list: it is the cache's answer at once (no second read).
  const setPacks = (next: PackSummary[]) => queryClient.setQueryData(queryKeyOf('packs:list', {}), next);
  const [released, setReleased] = useState<{ id: string; count: number } | null>(null);

  const hasDemo = packs?.some((p) => p.id === 'demo-pack') ?? true;
  return (
    <section aria-labelledby="packs-heading" data-testid="screen-packs">
      <h2 id="packs-heading">{t('packs.heading')}</h2>
      <p>{t('packs.intro')}</p>
      {/* An import's new list comes from main's catalog:changed, as any other screen's would. */}
      <PackImportControls offerDemo={!hasDemo} />
      <MoodleTools />
      {packs && packs.length === 0 && <p data-testid="no-packs">{t('packs.none')}</p>}
      <ul className="pack-list" data-testid="pack-list">
        {packs?.map((pack) => (
          <li key={pack.id} data-testid={`pack-${pack.id}`}>
            <div>
              <strong>{pack.title}</strong>{' '}
              {pack.author && <span className="muted">{t('packs.by', { author: pack.author })}</span>}
              <p className="muted">
                {t('packs.meta', {
                  count: pack.questionCount.toLocaleString(i18n.language),
                  date: new Date(`${pack.createdAt.slice(0, 10)}T12:00:00Z`).toLocaleDateString(i18n.language),
                })}
              </p>
              {pack.description && <p>{pack.description}</p>}
              <p className="muted" data-testid={`pack-enem-${pack.id}`} data-enem={pack.enemQuestions}>
                {pack.enemQuestions === 0
                  ? t('packs.notEnem')
                  : t('packs.enemQuestions', { count: pack.enemQuestions })}
              </p>
              {pack.sealed && (
                <p data-testid={`pack-sealed-${pack.id}`} data-released={pack.sealed.released}>
                  <span className="badge">
                    {pack.sealed.released ? t('packs.seal.released') : t('packs.seal.sealed')}
                  </span>
                </p>
              )}
              {pack.sealed && !pack.sealed.released && (
                <ReleaseCode
                  packId={pack.id}
                  testId={`pack-release-${pack.id}`}
                  onReleased={(result) => {
                    setPacks(result.packs);
                    setReleased({ id: pack.id, count: result.released });
                  }}
                />
              )}
              {released?.id === pack.id && (
                <p className="notice notice-success" role="status" data-testid={`pack-released-${pack.id}`}>
                  {t('packs.seal.graded', { count: released.count })}
                </p>
              )}
            </div>
            <button
              type="button"
              className="danger"
              onClick={() => void api['packs:remove']({ id: pack.id }).then(setPacks)}
              data-testid={`remove-pack-${pack.id}`}
            >
              {t('packs.remove', { title: pack.title })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
