// The outside review's broker attack, counted: about 330 MQTT connections of every identity (a
// level-3 console over WebSocket, robots, track controllers, on-site servers, tablets over TCP),
// each sending one hostile payload (deep, wide, huge, over the packet cap, binary, invalid UTF-8,
// retained or not) on a topic it may publish. The server runs as `npm start` runs it, without the
// supervisor: each crash is counted, and the server started again on the same DATA_DIR.
// It prints counts; it is not a test (apps/server/test/modules/broker-hostile.once.test.ts is).
//
//     node --import tsx bench/broker/hostile-clients.ts --connections 330 --seed 26
import { parseArgs } from 'node:util';
import { hostileSends, sendHostile } from '../../apps/server/test/support/hostile-clients.ts';
import { type LiveServer, removeDataDir, startLiveServer, userToken } from '../../apps/server/test/support/live-server.ts';

const { values } = parseArgs({
  options: { connections: { type: 'string', default: '330' }, seed: { type: 'string', default: '26' } },
});

let server: LiveServer = await startLiveServer();
const token = await userToken(server, 3);
const sends = hostileSends(Number(values.seed), Number(values.connections), token).slice(0, Number(values.connections));
const outcomes = { accepted: 0, closed: 0, refused: 0 };
const crashes: string[] = [];

for (const [i, send] of sends.entries()) {
  outcomes[await sendHostile(server, send)]++;
  if (server.alive() && (await server.health())) continue;
  await server.stop();
  crashes.push(
    `#${i} ${send.identity.role} ${send.topic} ${send.kind} (${send.payload.length} bytes, qos ${send.qos}${send.retain ? ', retained' : ''})`,
  );
  console.log(`crash ${crashes.length}: ${crashes.at(-1)}`);
  server = await startLiveServer({ dataDir: server.dataDir });
}

await server.stop();
await removeDataDir(server.dataDir);
console.log(JSON.stringify({ connections: sends.length, crashes: crashes.length, ...outcomes }, null, 2));
