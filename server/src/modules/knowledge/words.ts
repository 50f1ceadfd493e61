/**
 * The words of a text as retrieval compares them: lower case, accents removed ("résumé" is "resume"),
 * apostrophes dropped ("don't" is "dont"), anything else that is not a letter or digit a separator.
 */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}
