import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * zxcvbn-ts with its common and English dictionaries: about a megabyte, so it is only ever imported dynamically
 * (PasswordStrengthMeter, once a new password is typed), never by a page's first load.
 */
const zxcvbn = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

export interface Strength {
  /** 0 (guessable in very few tries) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
}

/** A name or an e-mail address, and its parts ("pat.fan@pool.test": pat, fan, pool, test), as guessable words. */
const guessableWords = (userInputs: string[]): string[] =>
  [...new Set(userInputs.flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)]).map((word) => word.toLowerCase()))].filter((word) => word.length >= 3);

export function estimateStrength(password: string, userInputs: string[] = []): Strength {
  const result = zxcvbn.check(password, guessableWords(userInputs));
  return { score: result.score, warning: result.feedback.warning || null };
}
