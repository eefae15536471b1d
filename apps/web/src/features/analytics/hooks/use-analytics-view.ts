import { useMemo, useState } from 'react';
import { browserTimeZone } from '../../../lib/labels.ts';
import type { AnalyticsParams } from '../api/analytics-keys.ts';
import { granularityOf, type PeriodName, periodRange } from '../model/period.ts';

export type ScopeKind = 'fleet' | 'session' | 'track' | 'robot';
export type AnalyticsView = {
  period: PeriodName;
  custom?: [Date, Date];
  scope: ScopeKind;
  /** The chosen session or track id, or robot SN. */
  scopeValue?: number | string;
};

/** The screen's choices and the query they make, in the reader's time zone. */
export function useAnalyticsView() {
  const [view, setView] = useState<AnalyticsView>({ period: 'today', scope: 'fleet' });
  const params = useMemo((): AnalyticsParams => {
    const range = periodRange(view.period, new Date(), view.custom);
    const params: AnalyticsParams = {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      tz: browserTimeZone(),
      granularity: granularityOf(range),
    };
    if (view.scope === 'session' && typeof view.scopeValue === 'number') params.sessionId = view.scopeValue;
    if (view.scope === 'track' && typeof view.scopeValue === 'number') params.trackId = view.scopeValue;
    if (view.scope === 'robot' && typeof view.scopeValue === 'string') params.robotSn = view.scopeValue;
    return params;
  }, [view]);
  const change = (next: Partial<AnalyticsView>) => setView((current) => ({ ...current, ...next }));
  return { view, params, change };
}
