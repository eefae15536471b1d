import { updateFailureText } from '@railserve/protocol';
import type { TFunction } from 'i18next';
import { translator } from '../../../lib/phrases.ts';

/** An update's failure reason in the reader's language (protocol update-failures.ts); a device's own text as sent. */
export const failureReasonText = (t: TFunction, reason: string): string => updateFailureText(translator(t), reason);
