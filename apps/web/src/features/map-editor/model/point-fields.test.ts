import { describe, expect, it } from 'vitest';
import { mapFixture } from '../../../testing/map-fixtures.ts';
import { pointUses, sharedFields, sharedValue } from './point-fields.ts';
import { checkPoints, numberError } from './point-rules.ts';

describe('point fields', () => {
  it('shows the names and topics a table type uses, and read distance only when judged by distance', () => {
    expect(pointUses({ type: 'table', tableType: 'left', judgeType: 'read_point' }, 'leftName')).toBe(true);
    expect(pointUses({ type: 'table', tableType: 'left', judgeType: 'read_point' }, 'rightName')).toBe(false);
    expect(pointUses({ type: 'table', tableType: 'whole', judgeType: 'read_point' }, 'wholeTopic')).toBe(true);
    expect(pointUses({ type: 'path', judgeType: 'read_point' }, 'leftName')).toBe(false);
    expect(pointUses({ type: 'path', judgeType: 'read_point' }, 'readDistance')).toBe(false);
    expect(pointUses({ type: 'serving', judgeType: 'distance' }, 'readDistance')).toBe(true);
    expect(pointUses({ type: 'serving', judgeType: 'distance' }, 'pickupPlatform')).toBe(true);
  });

  it('edits several points by the fields and values they share', () => {
    const map = mapFixture([1, 2], [], { 1: { type: 'parking', charge: true }, 2: { type: 'path', charge: true } });
    expect(sharedFields(map.points, ['charge', 'pickupPlatform', 'cannotWait'])).toEqual(['charge']);
    expect(sharedValue(map.points, 'charge')).toBe(true);
    expect(sharedValue(map.points, 'type')).toBeUndefined();
  });
});

describe('point rules as the user types', () => {
  const map = mapFixture([1, 2, 3], [], {
    1: { type: 'table', tableType: 'both', leftName: 'A1' },
    2: { type: 'table', tableType: 'left', leftName: 'A1' },
  });

  it('needs a whole unused number from 0 to 65535', () => {
    expect(numberError(map, 1, 2)).toBe('fieldErrors.numberTaken');
    expect(numberError(map, 1, 1)).toBeUndefined();
    expect(numberError(map, 1, 70_000)).toBe('fieldErrors.numberRange');
    expect(numberError(map, 1, null)).toBe('fieldErrors.required');
    expect(numberError(map, 1, 9)).toBeUndefined();
  });

  it('needs the names of the table type and no table name twice', () => {
    expect(checkPoints(map, [1])).toEqual({ rightName: 'fieldErrors.nameRequired', leftName: 'fieldErrors.duplicateTableName' });
    expect(checkPoints(map, [3])).toEqual({});
  });
});
