import type { AlarmAssignee, Page } from '@railserve/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmKeys } from './alarm-keys.ts';

export type Choice<V> = { value: V; label: string };

const CHOICES_STALE_MS = 60_000;

/** GET /alarms/assignees: the active users an alarm may be assigned to (also the assignee filter and names). */
export const assigneesQueryOptions = () =>
  queryOptions({
    queryKey: alarmKeys.assignees,
    queryFn: ({ signal }) => api.get<AlarmAssignee[]>('/alarms/assignees', { signal }),
    select: (users): Choice<number>[] =>
      users.map((u) => ({ value: u.id, label: u.nickname ? `${u.nickname} (${u.username})` : u.username })),
    staleTime: CHOICES_STALE_MS,
  });

/** The tracks of the track filter and the names of alarms' tracks (GET /tracks?pageSize=all). */
export const alarmTrackChoicesQueryOptions = () =>
  queryOptions({
    queryKey: alarmKeys.tracks,
    queryFn: ({ signal }) => api.get<Page<{ id: number; name: string }>>('/tracks', { query: { pageSize: 'all' }, signal }),
    select: (page): Choice<number>[] => page.items.map(({ id, name }) => ({ value: id, label: name })),
    staleTime: CHOICES_STALE_MS,
  });

/** The robots of the robot filter (GET /robots?pageSize=all). */
export const alarmRobotChoicesQueryOptions = () =>
  queryOptions({
    queryKey: alarmKeys.robots,
    queryFn: ({ signal }) => api.get<Page<{ sn: string; name: string }>>('/robots', { query: { pageSize: 'all' }, signal }),
    select: (page): Choice<string>[] =>
      page.items.map(({ sn, name }) => ({ value: sn, label: name === sn ? sn : `${name} (${sn})` })),
    staleTime: CHOICES_STALE_MS,
  });

export const useAssignees = () => useQuery(assigneesQueryOptions());
export const useAlarmTrackChoices = () => useQuery(alarmTrackChoicesQueryOptions());
export const useAlarmRobotChoices = () => useQuery(alarmRobotChoicesQueryOptions());
