/**
 * A set of English message templates worded once, written by one part (server, device) and read
 * back by another (the console, an export) to show the message in the reader's language.
 * Placeholders are `{name}`. A placeholder whose name is in WORD_PLACEHOLDERS matches one word
 * (letters, digits, `_ . -`), so a device's free text is not mistaken for a template; any other
 * placeholder matches any text, and never holds the text that follows it in the template.
 */
export type MessageCatalog<K extends string> = {
  format(key: K, values?: Record<string, string | number>): string;
  parse(message: string): { key: K; values: Record<string, string> } | undefined;
};

const PLACEHOLDER = /\{(\w+)\}/g;
const WORD_PLACEHOLDERS = new Set([
  'command',
  'group',
  'from',
  'to',
  'alarm',
  'sn',
  'point',
  'points',
  'seconds',
  'ms',
  'status',
  'code',
  'mode',
  'robots',
  'id',
  'audio',
]);
const WORD = /^[\w.-]+$/;

/**
 * Reads a message against one template without backtracking: each value runs to the first
 * occurrence of the text that follows its placeholder (a value never holds that text), the last
 * one to the template's fixed ending. Every step moves forward, so the work is linear in the
 * message's length (regular expressions with several lazy groups took seconds on a crafted
 * message of a thousand characters, freezing the logs page for everyone).
 */
function readTemplate(message: string, literals: string[], names: string[]): Record<string, string> | undefined {
  const [head, ...rest] = literals;
  if (!message.startsWith(head)) return undefined;
  if (names.length === 0) return message === head ? {} : undefined;
  const values: Record<string, string> = {};
  let position = head.length;
  for (let i = 0; i < names.length; i++) {
    const following = rest[i];
    let end: number;
    if (i === names.length - 1) {
      end = message.length - following.length;
      if (end < position || !message.endsWith(following)) return undefined;
    } else {
      end = message.indexOf(following, position);
      if (end < 0) return undefined;
    }
    const value = message.slice(position, end);
    if (WORD_PLACEHOLDERS.has(names[i]) && !WORD.test(value)) return undefined;
    values[names[i]] = value;
    position = end + following.length;
  }
  return values;
}

export function messageCatalog<K extends string>(templates: Record<K, string>): MessageCatalog<K> {
  const parsed = (Object.entries(templates) as [K, string][]).map(([key, template]) => {
    const parts = template.split(PLACEHOLDER);
    return {
      key,
      literals: parts.filter((_, index) => index % 2 === 0),
      names: parts.filter((_, index) => index % 2 === 1),
    };
  });
  return {
    format: (key, values = {}) => templates[key].replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? '')),
    parse(message) {
      for (const { key, literals, names } of parsed) {
        const values = readTemplate(message, literals, names);
        if (values) return { key, values };
      }
      return undefined;
    },
  };
}
