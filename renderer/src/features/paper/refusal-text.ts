// A refused page's reason in the tutor's words: a missing corner named in the app's language
// ("inferior esquerdo e superior direito"), said apart when it lies outside the photo (frame the
// whole sheet) and when it is in the photo but not seen (uncover or unfold it); the rest with the
// detail the reader gave.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cornersByCause, type ScanRefusal, type SheetCorner } from '../../../../preload/contract';

export function refusalTextOf(t: TFunction, language: string): (refusal: ScanRefusal) => string {
  const names = (corners: SheetCorner[]) =>
    new Intl.ListFormat(language, { type: 'conjunction' }).format(
      corners.map((corner) => t(`paper.scan.corner.${corner}`)),
    );
  return (refusal) => {
    if (refusal.reason !== 'corner-missing')
      return t(`paper.scan.refusal.${refusal.reason}`, { detail: refusal.detail });
    const { outside, covered, unknown } = cornersByCause(refusal.detail);
    if (unknown.length > 0 || (outside.length === 0 && covered.length === 0)) {
      const all = [...outside, ...covered, ...unknown];
      return t('paper.scan.refusal.corner-missing', { detail: names(all), count: all.length });
    }
    if (outside.length > 0 && covered.length > 0)
      return t('paper.scan.refusal.corner-both', { outside: names(outside), covered: names(covered) });
    if (outside.length > 0)
      return t('paper.scan.refusal.corner-outside', { detail: names(outside), count: outside.length });
    return t('paper.scan.refusal.corner-covered', { detail: names(covered), count: covered.length });
  };
}

export function useRefusalText(): (refusal: ScanRefusal) => string {
  const { t, i18n } = useTranslation();
  return refusalTextOf(t, i18n.language);
}
