import { commandErrorText, type Translate } from '@railserve/protocol';
import type { TFunction } from 'i18next';

/** i18next's `t` as the protocol's phrase functions take it (protocol `phrases.ts`). */
export const translator =
  (t: TFunction): Translate =>
  (key, options) =>
    t(key, options ?? {}) as string;

/** Why a command failed, in the reader's language (a device's own text as sent). */
export const commandFailureText = (t: TFunction, error: string | null | undefined): string =>
  error ? commandErrorText(translator(t), error) : '';
