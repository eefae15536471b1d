import type { Track, TrackRobot } from '@railserve/protocol';
import { topicFilters } from '@railserve/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useBrokerMessage } from '../../../lib/broker/broker-context.tsx';
import { readRobotStatus } from '../../../lib/broker/read-robot-status.ts';
import { isTrackId } from './get-track.ts';
import { trackKeys } from './track-keys.ts';

/** GET /tracks/{id}/robots: the robots the controller reports on the track, with their last known state. */
export const fetchTrackRobots = (id: number, signal?: AbortSignal) => api.get<TrackRobot[]>(`/tracks/${id}/robots`, { signal });

/**
 * The list may have been read just before the server stored the controller's newest status (the
 * browser hears it at the same moment): a robot the live track lists but the list lacks is added
 * when its own status arrives, in the track's order.
 */
function withMissingRobot(robots: TrackRobot[] | undefined, onTrack: string[], sn: string) {
  if (!robots || !onTrack.includes(sn) || robots.some((robot) => robot.sn === sn)) return robots;
  const added = { sn, name: null, state: null, connection: null, battery: null, point: null, alarms: [] };
  return [...robots, added].sort((a, b) => onTrack.indexOf(a.sn) - onTrack.indexOf(b.sn));
}

/**
 * The robots on a track, kept live: each `hcpro4/robots/{sn}/status` of one of them is written
 * into the cached list while the page is open (the list itself follows the track's status).
 */
export function useTrackRobots(id: number | undefined) {
  const queryClient = useQueryClient();
  useBrokerMessage(topicFilters.robotStatus, (message) => {
    if (!isTrackId(id)) return;
    const status = readRobotStatus(message);
    if (!status) return;
    const onTrack = queryClient.getQueryData<Track>(trackKeys.detail(id))?.robots ?? [];
    // The fleet's other robots (thousands a second) cost no cache write and no render here.
    const listed = queryClient.getQueryData<TrackRobot[]>(trackKeys.robots(id))?.some((robot) => robot.sn === status.sn);
    if (!listed && !onTrack.includes(status.sn)) return;
    queryClient.setQueryData<TrackRobot[]>(trackKeys.robots(id), (cached) =>
      withMissingRobot(cached, onTrack, status.sn)?.map((robot) =>
        robot.sn === status.sn
          ? {
              ...robot,
              name: status.name ?? robot.name,
              state: status.state ?? robot.state,
              connection: status.connection ?? robot.connection,
              battery: status.battery ?? robot.battery,
              point: status.point ?? robot.point,
              alarms: status.alarms ?? robot.alarms,
            }
          : robot,
      ),
    );
  });
  return useQuery({
    queryKey: trackKeys.robots(id ?? 0),
    queryFn: ({ signal }) => fetchTrackRobots(id!, signal),
    enabled: isTrackId(id),
  });
}
