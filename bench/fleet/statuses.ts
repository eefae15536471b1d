/** Statuses as bench/fleet's robots send them, as the broker hands them on: 1,000 robots, a share of them moving. */
export const benchStatuses = (count = 1000) =>
  Array.from({ length: count }, (_, i) =>
    Buffer.from(
      JSON.stringify({
        sn: `BENCH-${String(i).padStart(4, '0')}`,
        connection: 'online',
        state: i % 3 ? 'idle' : 'goto',
        battery: 60 + (i % 40),
        trackId: 1 + Math.floor(i / 20),
        trackName: `Track ${1 + Math.floor(i / 20)}`,
        point: i % 17,
        target: i % 5,
        alarms: [],
        firmware: '1.4.2',
        ip: `10.0.${Math.floor(i / 250)}.${i % 250}`,
        name: `Robot ${i}`,
        ts: new Date().toISOString(),
      }),
    ),
  );
