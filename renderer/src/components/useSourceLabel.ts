import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackSummary, Product } from '../../../preload/contract';
import { api } from '../lib/bridge';
import { useBridgeQuery } from '../lib/queries';

const NO_PACKS: PackSummary[] = [];

/** Source ids as a student reads them: "API · ENEM", "Pacote: Revisão 2024" (never `pack:demo-pack`). */
export function useSourceLabel(): (source: string) => string {
  const { t } = useTranslation();
  const packs = useBridgeQuery(api, 'packs:list', {}).data ?? NO_PACKS;
  return useCallback(
    (source: string) => {
      if (source.startsWith('api:'))
        return `${t('library.sourceApi')} · ${t(`products.${source.slice(4) as Product}`)}`;
      if (source.startsWith('pack:')) {
        const id = source.slice('pack:'.length);
        return t('library.sourcePack', { title: packs.find((p) => p.id === id)?.title ?? id });
      }
      return source;
    },
    [packs, t],
  );
}
