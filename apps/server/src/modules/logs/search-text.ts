import { LOCALES, logMessageText, parseLogEvent } from '@railserve/protocol';
import { consoleWords } from '../../lib/console-words.ts';

/**
 * Free text matches a record's message as a reader sees it, in either language. The stored
 * `message` is English (worded once, protocol `LOG_EVENT_MESSAGES`); the console shows it
 * rendered (`logMessageText`), in zh-TW or en. `search_text` holds what the trigram index on
 * `message` alone cannot find: the renderings that differ from the stored text, and the stored
 * text itself when it holds Chinese (docs/decisions.md, "Free text in both languages").
 *
 * Chinese words are mostly two characters, and a trigram index finds nothing shorter than three:
 * `%卡住%` would read the whole table. In `search_text` every CJK character is written twice
 * (`卡住` → `卡卡住住`), and so is the searched text, so a two-character word is four characters,
 * two trigrams, and the index answers it. Doubling is applied character by character to both
 * sides, so "q is inside the text" and "doubled q is inside the doubled text" are the same
 * question: the answers do not change, only the speed.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const CJK_TEST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Writes each CJK character twice, as `search_text` holds it. */
export const doubleCjk = (text: string) => text.replace(CJK, '$&$&');

export const hasCjk = (text: string) => CJK_TEST.test(text);

/** Renderings differ only through `LOG_EVENT_MESSAGES`; a message outside it is shown as written. */
const words = LOCALES.map((lang) => consoleWords(lang));

/** Recent templates' search texts: a fleet repeats the same messages (states, alarms, charging) all day. */
const cache = new Map<string, string | null>();
const CACHE_MAX = 20_000;

/**
 * The `search_text` of a message, or null when the reader sees the stored text (up to case) and it
 * holds no CJK (the `message` index answers those). Cost: a template match (a prefix test per
 * template) and, for a template not seen lately, two renderings.
 */
export function searchTextOf(message: string): string | null {
  const cached = cache.get(message);
  if (cached !== undefined) return cached;
  // A device's own text (not cached: heartbeats and the like seldom repeat).
  if (!parseLogEvent(message)) return hasCjk(message) ? doubleCjk(message) : null;
  const texts = new Set<string>();
  if (hasCjk(message)) texts.add(message);
  // Free text is case-insensitive: a rendering that differs from the message only in case
  // ("Robot R-007 sent to table point 12") is found through `message` already.
  const lower = message.toLowerCase();
  for (const t of words) {
    const shown = logMessageText(t, message);
    if (shown.toLowerCase() !== lower) texts.add(shown);
  }
  const text = texts.size === 0 ? null : doubleCjk([...texts].join('\n'));
  // Cleared when full rather than aged: cheap, and the next minutes refill it with what is current.
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(message, text);
  return text;
}
