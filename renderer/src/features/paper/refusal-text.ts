// A refused page's reason in the tutor's words: a missing corner named in the app's language
// ("inferior esquerdo e superior direito"), the rest with the detail the reader gave.
import { useTranslation } from 'react-i18next';
import { SHEET_CORNERS, type ScanRefusal, type SheetCorner } from '../../../../preload/contract';

const isCorner = (name: string): name is SheetCorner => (SHEET_CORNERS as readonly string[]).includes(name);

export function useRefusalText(): (refusal: ScanRefusal) => string {
  const { t, i18n } = useTranslation();
  return (refusal) => {
    if (refusal.reason !== 'corner-missing')
      return t(`paper.scan.refusal.${refusal.reason}`, { detail: refusal.detail });
    const corners = refusal.detail.split(',').filter(isCorner);
    const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      corners.map((corner) => t(`paper.scan.corner.${corner}`)),
    );
    return t('paper.scan.refusal.corner-missing', { detail: names, count: corners.length });
  };
}
