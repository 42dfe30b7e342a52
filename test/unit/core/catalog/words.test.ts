import { describe, expect, it } from 'vitest';
import { foldText } from '../../../../main/core/catalog/fold.js';
import { wordsOf } from '../../../../main/core/catalog/words.js';

/** The rule the quick tokenizer must keep: fold the whole text, split on non-letters and non-digits. */
const reference = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 || /^\p{N}+$/u.test(word));

const samples = [
  'A Revolução Industrial começou na Inglaterra (1760–1840).',
  'FUNÇÃO AFIM: f(x) = 2x + 3; “aspas” e ‘apóstrofos’ — travessão… reticências',
  'El año pasado, la niña comió piñas. ¿Qué? ¡Sí! Über straße façade naïve résumé',
  'd’água, guarda-chuva, e-mail, www.enem.inep.gov.br, R$ 1.234,56, 3º lugar, 2ª fase, ½ e ²',
  'Combining: a\u0301gua, e\u0302, n\u0303; spacing accents: a^b, c`d, e´f, g¨h',
  'Ελληνικά κείμενα και αριθμοί ١٢٣ हिन्दी 中文字符 한국어 日本語のテキスト',
  'Emoji 😀 between words 🧪test and a rare ideograph 𠀀 here; İstanbul ǅemal ĳssel',
  'x y z 1 2 3 a1 b2 — isolated letters and digits',
  '\t\nTabs,\r\nnew lines and   spaces\u00a0(nbsp)\u2003(em space)',
];

describe('the words a text is searched by', () => {
  it('are exactly the folded, split words of the rule, in every script and with every kind of mark', () => {
    for (const text of samples) expect(wordsOf(text), text).toEqual(reference(text));
  });

  it('are the same on a random mix of the characters questions hold', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = [...'aeiouAEIOUçÇãõáéíóúâêôàüñÑ0123456789 .,;:-–—()“”\'"/\n\u0301\u0303ßæœøåÅ€$%ºª'];
    for (let n = 0; n < 500; n++) {
      const text = Array.from({ length: 80 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(wordsOf(text), text).toEqual(reference(text));
    }
  });
});
