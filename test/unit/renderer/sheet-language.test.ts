import { describe, expect, it } from 'vitest';
import { languageOf } from '../../../renderer/src/features/paper/sheet-language';

describe('the language column of a class CSV (ENEM day 1)', () => {
  it('reads the ways a tutor writes it, in either language and any case or accent', () => {
    for (const cell of ['inglês', 'Ingles', 'INGLÊS', 'English', 'en', 'I', ' ing '])
      expect(languageOf(cell)).toBe('ingles');
    for (const cell of ['espanhol', 'Español', 'Spanish', 'ES', 'e', 'esp']) expect(languageOf(cell)).toBe('espanhol');
  });

  it('anything else is no language: the row is refused by main, never guessed', () => {
    for (const cell of ['', 'francês', 'ABCDE', '2', 'inglês e espanhol']) expect(languageOf(cell)).toBeNull();
  });
});
