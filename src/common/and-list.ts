/** "Georgia", "Georgia and Texas", "Georgia, Texas and Ohio State": names as a sentence lists them. */
export const andList = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
