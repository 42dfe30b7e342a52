// A page refused for a missing corner square tells the tutor what to do about that corner: frame
// the whole sheet when it lies outside the photo, uncover or unfold it when it is in the photo but
// not seen; a batch saved before the cause was told still reads as it did.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en';
import { ptBR } from '../../../renderer/src/i18n/pt-BR';
import { refusalTextOf } from '../../../renderer/src/features/paper/refusal-text';
import { cornersByCause, type ScanRefusal } from '../../../preload/contract';

const refusal = (detail: string): ScanRefusal => ({ source: 'foto.jpg · p. 1', reason: 'corner-missing', detail });

describe('corner refusals in the tutor’s words', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'pt-BR',
      resources: { 'pt-BR': { translation: ptBR }, en: { translation: en } },
      interpolation: { escapeValue: false },
    });
  });
  const text = (language: string, detail: string) => refusalTextOf(i18n.getFixedT(language), language)(refusal(detail));

  it('reads each corner with its cause, and a corner saved without one as unknown', () => {
    expect(cornersByCause('bottom-left:covered,top-right:outside,top-left')).toEqual({
      outside: ['top-right'],
      covered: ['bottom-left'],
      unknown: ['top-left'],
    });
    expect(cornersByCause('middle:outside,:covered')).toEqual({ outside: [], covered: [], unknown: [] });
  });

  it('says which corner is out of the photo, and which is in it but unseen, with what to do', () => {
    expect(text('pt-BR', 'top-right:outside,bottom-right:outside')).toContain(
      'os quadrados dos cantos superior direito e inferior direito ficaram fora da foto: enquadre a folha inteira',
    );
    expect(text('pt-BR', 'bottom-left:covered')).toContain(
      'o quadrado do canto inferior esquerdo está na foto e não aparece (coberto, dobrado ou rasgado): descubra e desdobre o canto',
    );
    expect(text('pt-BR', 'top-left:outside,bottom-left:covered')).toContain(
      'o canto superior esquerdo ficou fora da foto e o canto inferior esquerdo não aparece',
    );
    expect(text('en', 'bottom-left:outside')).toContain('the bottom-left corner square is outside the photo');
    // A batch kept from before the cause was told: the general words, every corner named.
    expect(text('pt-BR', 'bottom-left')).toContain('o quadrado do canto inferior esquerdo não aparece (fora da foto');
  });
});
