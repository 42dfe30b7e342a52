import { useTranslation } from 'react-i18next';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A filter select whose first option means no filter (the empty value): "Todos", or "Todas" for
 * a feminine field (prova, matéria, dificuldade, fonte), as Portuguese agrees.
 */
export function AnySelect({
  id,
  testId,
  value,
  onChange,
  options,
  feminine = false,
}: {
  id?: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Choice[];
  feminine?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      <option value="">{feminine ? t('sync.anyFeminine') : t('sync.any')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function useDifficultyChoices(): Choice[] {
  const { t } = useTranslation();
  return (['easy', 'medium', 'hard'] as const).map((d) => ({ value: d, label: t(`difficulty.${d}`) }));
}

export const named = (items: readonly { id: string; name: string }[] | undefined): Choice[] =>
  (items ?? []).map((item) => ({ value: item.id, label: item.name }));
