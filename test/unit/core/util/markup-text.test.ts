// A statement as a server may write it: the app shows its words and its structure, never its tags.
import { describe, expect, it } from 'vitest';
import { hasMarkup, plainTextOf } from '../../../../main/core/util/markup-text.js';

describe('a statement written in markup, shown as text', () => {
  it('keeps paragraphs and line breaks as text structure, drops the tags and decodes the entities', () => {
    const statement =
      '<p>Leia o texto &amp; responda:</p><p>Primeira linha<br/>segunda&nbsp;linha<br>e a <b>terceira</b>, &eacute; &#8220;isso&#8221; &#x2014; fim.</p>';
    expect(plainTextOf(statement)).toBe(
      'Leia o texto & responda:\n\nPrimeira linha\nsegunda linha\ne a terceira, é “isso” — fim.',
    );
  });

  it('never keeps a tag that would be live as HTML: scripts, images and handlers are text-free leftovers', () => {
    const text = plainTextOf('<img src=x onerror="alert(1)"><script>x</script>Texto &lt;b&gt;');
    expect(text).toBe('xTexto <b>');
    // What is left is shown as text by React (pre-wrap): "<b>" here is the characters the author wrote.
    expect(text).not.toMatch(/<img|<script|onerror/);
  });

  it('leaves plain text alone, a lone < or & included', () => {
    for (const plain of ['Se x < y e y > z, então x < z.', 'P&D em 2020', 'Nada aqui']) {
      expect(hasMarkup(plain)).toBe(false);
    }
    expect(hasMarkup('<p>a</p>')).toBe(true);
    expect(hasMarkup('a &amp; b')).toBe(true);
  });

  it('replaces a reference that names no character, unless the caller refuses it', () => {
    expect(plainTextOf('a &#xD800; b')).toBe('a \uFFFD b');
    expect(() =>
      plainTextOf('&#99999999;', () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
  });
});
