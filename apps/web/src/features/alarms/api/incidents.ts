import { type AlarmIncidentDetail, consoleIncidentsPayload, type IncidentPage, topics } from '@railserve/protocol';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { BrokerStore } from '../../../lib/broker/broker-store.ts';
import { alarmOpsKeys, type IncidentListParams } from './alarm-ops-keys.ts';

/** GET /alarm-incidents?state=&page=&pageSize= (newest first) */
export const incidentsQueryOptions = (params: IncidentListParams) =>
  queryOptions({
    queryKey: alarmOpsKeys.incidentList(params),
    queryFn: ({ signal }) => api.get<IncidentPage>('/alarm-incidents', { query: params, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /alarm-incidents/{id}: the incident with its alarms and the points their robots stood at. */
export const incidentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: alarmOpsKeys.incident(id),
    queryFn: ({ signal }) => api.get<AlarmIncidentDetail>(`/alarm-incidents/${id}`, { signal }),
  });

export const useIncidents = (params: IncidentListParams) => useQuery(incidentsQueryOptions(params));
export const useIncident = (id: number) => useQuery(incidentQueryOptions(id));

/** The incident feed (`hcpro4/console/alarm-incidents`): incidents read again when one opens, grows or closes. */
export function registerIncidentLiveUpdates({ broker, queryClient }: { broker: BrokerStore; queryClient: QueryClient }) {
  const removeFeed = broker.onMessage(topics.consoleIncidents, (message) => {
    if (consoleIncidentsPayload.safeParse(message.json).success)
      void queryClient.invalidateQueries({ queryKey: alarmOpsKeys.incidents });
  });
  const removeReconnect = broker.onConnect(() => void queryClient.invalidateQueries({ queryKey: alarmOpsKeys.incidents }));
  return () => {
    removeFeed();
    removeReconnect();
  };
}
