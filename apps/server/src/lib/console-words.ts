import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, type Locale, type Translate } from '@railserve/protocol';

type Tree = { [key: string]: string | Tree };

/**
 * The console's own words (apps/web/src/locales/<lang>/[start/]<area>.json), so that an export says what
 * the screen says. Read once per language; a key is `area.dotted.key`, `{{name}}` is filled in,
 * and `count` picks `_one` / `_other` as i18next does.
 */
const LOCALES_DIR = fileURLToPath(new URL('../../../web/src/locales', import.meta.url));
const trees = new Map<Locale, Tree>();

function treeOf(lang: Locale): Tree {
  let tree = trees.get(lang);
  if (!tree) {
    tree = {};
    const dir = path.join(LOCALES_DIR, lang);
    // The areas the sign-in screen needs sit in `start/`; every file is still one area.
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))) {
      tree[path.basename(file, '.json')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree;
    }
    trees.set(lang, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `t` for one language, falling back to zh-TW as the console does. */
export function consoleWords(lang: Locale): Translate {
  let translate = translators.get(lang);
  if (!translate) {
    translate = translator(lang);
    translators.set(lang, translate);
  }
  return translate;
}

const translators = new Map<Locale, Translate>();

function translator(lang: Locale): Translate {
  const plural = new Intl.PluralRules(lang);
  return (key, options = {}) => {
    const count = typeof options.count === 'number' ? options.count : undefined;
    const keys = count === undefined ? [key] : [`${key}_${plural.select(count)}`, `${key}_other`, key];
    let text: string | undefined;
    for (const lng of [lang, DEFAULT_LOCALE]) {
      for (const k of keys) text ??= lookup(treeOf(lng), k);
    }
    if (text === undefined) return typeof options.defaultValue === 'string' ? options.defaultValue : key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options[name] ?? ''));
  };
}
