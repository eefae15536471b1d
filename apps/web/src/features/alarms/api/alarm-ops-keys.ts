import type { ListIncidentsQuery } from '@railserve/protocol';

export type IncidentListParams = Pick<ListIncidentsQuery, 'state' | 'page' | 'pageSize'>;

/** Query keys of maintenance windows and track incidents (read again on their changes and the incident feed). */
export const alarmOpsKeys = {
  maintenance: ['alarm-ops', 'maintenance'] as const,
  incidents: ['alarm-ops', 'incidents'] as const,
  incidentList: (params: IncidentListParams) => ['alarm-ops', 'incidents', 'list', params] as const,
  incident: (id: number) => ['alarm-ops', 'incidents', 'detail', id] as const,
};
