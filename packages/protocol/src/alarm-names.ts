import { alarmKind } from './alarm-catalogue.ts';
import type { Translate } from './phrases.ts';

/**
 * An alarm's name in the reader's language (the console's words): a robot code by the robots' own
 * names, the server's `robot_offline`, or an unknown code of newer firmware with its raw code.
 */
export function alarmNameText(t: Translate, code: string): string {
  const kind = alarmKind(code);
  if (kind === 'unknown') return t('alarms.kinds.unknown', { code });
  if (kind === 'robot_offline') return t('alarms.kinds.robot_offline');
  return t(`robots.alarms.${kind}`);
}
