import type { MapPoint, MapPointType, MapTableType } from '@railserve/protocol';

export type PointField = Exclude<keyof MapPoint, 'x' | 'y'>;

const COMMON: PointField[] = ['number', 'type', 'markDirection', 'judgeType', 'readDistance', 'reverse'];
const BY_TYPE: Record<MapPointType, PointField[]> = {
  path: ['cannotWait', 'charge'],
  table: ['tableType', 'leftName', 'rightName', 'wholeName', 'cannotWait', 'wholeTopic', 'topic1', 'topic2'],
  serving: ['pickupPlatform'],
  parking: ['charge'],
};
/** A table point's names and topics by its table type: left uses topic1, right topic2, whole its whole topic. */
const BY_TABLE_TYPE: Record<MapTableType, PointField[]> = {
  both: ['leftName', 'rightName', 'topic1', 'topic2'],
  left: ['leftName', 'topic1'],
  right: ['rightName', 'topic2'],
  whole: ['wholeName', 'wholeTopic'],
};
const TABLE_SIDE_FIELDS = new Set<PointField>(['leftName', 'rightName', 'wholeName', 'topic1', 'topic2', 'wholeTopic']);

/** Whether a field applies to a point: by its type, its table type, and read distance only when judged by distance. */
export function pointUses(point: Pick<MapPoint, 'type' | 'tableType' | 'judgeType'>, field: PointField): boolean {
  if (field === 'readDistance') return point.judgeType === 'distance';
  if (COMMON.includes(field)) return true;
  if (!BY_TYPE[point.type].includes(field)) return false;
  if (TABLE_SIDE_FIELDS.has(field)) return BY_TABLE_TYPE[point.tableType ?? 'both'].includes(field);
  return true;
}

/** The fields to show for the selected points: those every one of them uses. */
export const sharedFields = (points: readonly MapPoint[], fields: readonly PointField[]) =>
  fields.filter((field) => points.length > 0 && points.every((p) => pointUses(p, field)));

/** The value the selected points share, or undefined when they differ ("mixed"). */
export function sharedValue<K extends PointField>(points: readonly MapPoint[], field: K): MapPoint[K] | undefined {
  const first = points[0]?.[field];
  return points.every((p) => p[field] === first) ? first : undefined;
}
