/*
 * Small, model-free text signals for advanced search (`lang:`, `:)` `:(` `:|` `?`). No language or sentiment model
 * ships with the service, so these are honest approximations: a language guess from script and stop words, and a
 * sentiment from a short English/emoji lexicon. Both return '' / 'neutral' when the text says too little.
 */

/** Languages the guess can name (ISO 639-1), with the ISO 639-2/3 codes a query may use for them. */
export const LANGUAGE_CODES: Record<string, string[]> = {
  en: ['eng'],
  es: ['spa'],
  fr: ['fra', 'fre'],
  de: ['deu', 'ger'],
  pt: ['por'],
  it: ['ita'],
  nl: ['nld', 'dut'],
  ru: ['rus'],
  ja: ['jpn'],
  zh: ['zho', 'chi'],
  ko: ['kor'],
  ar: ['ara'],
};

const STOP_WORDS: Record<string, string> = {
  en: 'the and is are was were of to in that it for you with this have not but on at be they what from his her',
  es: 'el la los las que de y en un una es por con para no se del lo como más pero sus le ya está muy también',
  fr: 'le la les des est et un une que qui dans pour pas sur avec ce il elle sont au du mais nous vous très',
  de: 'der die das und ist nicht ein eine ich du mit auf für den dem sich auch wir sie es zu von aber noch',
  pt: 'o os as que de e um uma não para com em por mais do da dos das muito também isso está você são',
  it: 'il lo gli le che di e un una non per con sono è della del anche ma come questo più nel alla ci',
  nl: 'de het een en van is dat niet ik je met op voor zijn maar ook er wat aan bij nog dit wel',
};

const STOP_SETS = Object.fromEntries(
  Object.entries(STOP_WORDS).map(([lang, words]) => [lang, new Set(words.split(' '))]),
) as Record<string, Set<string>>;

const SCRIPTS: Array<[string, RegExp]> = [
  ['ja', /[\p{Script=Hiragana}\p{Script=Katakana}]/gu],
  ['ko', /\p{Script=Hangul}/gu],
  ['zh', /\p{Script=Han}/gu],
  ['ru', /\p{Script=Cyrillic}/gu],
  ['ar', /\p{Script=Arabic}/gu],
];

/** The text without URLs and nostr: references (they are not language). */
function plainText(text: string): string {
  return text.replace(/\b(?:https?:\/\/|nostr:)\S+/gi, ' ');
}

/**
 * A language guess (ISO 639-1) or '' when unsure: a script decides Japanese (kana), Korean, Chinese, Russian
 * (Cyrillic) and Arabic; Latin text needs at least two stop words of one language and more than any other has.
 */
export function guessLanguage(text: string): string {
  const plain = plainText(text);
  const letters = (plain.match(/\p{L}/gu) ?? []).length;
  if (letters === 0) return '';
  for (const [lang, re] of SCRIPTS) {
    const count = (plain.match(re) ?? []).length;
    if (count >= 2 && count * 3 >= letters) return lang;
  }
  const words = plain.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best = '';
  let bestHits = 0;
  let second = 0;
  for (const [lang, set] of Object.entries(STOP_SETS)) {
    let hits = 0;
    for (const w of words) if (set.has(w)) hits++;
    if (hits > bestHits) {
      second = bestHits;
      bestHits = hits;
      best = lang;
    } else if (hits > second) second = hits;
  }
  return bestHits >= 2 && bestHits > second ? best : '';
}

/** A query's language code (2 or 3 letters, any case) as the guess names it, or undefined when not guessable. */
export function normalizeLanguage(code: string): string | undefined {
  const c = code.toLowerCase();
  if (LANGUAGE_CODES[c]) return c;
  return Object.keys(LANGUAGE_CODES).find((lang) => LANGUAGE_CODES[lang].includes(c));
}

/** Sentiment values stored per note: `:)` positive, `:(` negative, `:|` neutral, `?` question. */
export type Sentiment = 'positive' | 'negative' | 'neutral' | 'question';

const POSITIVE = new Set(
  (
    'love loved lovely great good awesome amazing happy thanks thank beautiful nice excellent best wonderful ' +
    'fantastic glad enjoy enjoyed cool congrats congratulations fun excited perfect brilliant yay wow'
  )
    .split(' ')
    .filter(Boolean),
);
const NEGATIVE = new Set(
  (
    'hate hated bad terrible awful sad angry worst horrible sucks annoying disappointed disappointing broken fail ' +
    'failed scam ugly wrong stupid boring tired sick pain poor'
  )
    .split(' ')
    .filter(Boolean),
);
const POSITIVE_SIGNS = /(?:[:;]-?[)D](?!\p{L})|[😀😃😄😁😊🙂😍🥰❤👍🎉🙏💜🤩😂🥳])/gu;
const NEGATIVE_SIGNS = /(?:[:;]-?\((?!\p{L})|[😢😭😡😠👎💔🙁☹😞😔🤬])/gu;

/**
 * Sentiment of a text: a question when it ends with '?', else the sign of (positive − negative) lexicon words and
 * emoji/emoticons, neutral at zero.
 */
export function guessSentiment(text: string): Sentiment {
  const plain = plainText(text).trim();
  if (plain.endsWith('?')) return 'question';
  let score = (plain.match(POSITIVE_SIGNS) ?? []).length - (plain.match(NEGATIVE_SIGNS) ?? []).length;
  for (const w of plain.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (POSITIVE.has(w)) score++;
    else if (NEGATIVE.has(w)) score--;
  }
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}
