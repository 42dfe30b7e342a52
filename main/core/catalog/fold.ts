// One folding of text for every search: accents and case aside ("Função" finds "funcao").
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
