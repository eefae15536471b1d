import { JSON_BODY_DEPTH_MAX } from '@railserve/protocol';

/** A request body as raw bytes or text, with the content type it is sent as. */
export type RawBody = { name: string; payload: string | Buffer; contentType: string };

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const json = (name: string, payload: string | Buffer): RawBody => ({ name, payload, contentType: 'application/json' });
/** About 800 KB: within the 1 MiB body limit, and too many items to spread as arguments. */
const wideArray = () => `[${'0,'.repeat(399_999)}0]`;
const wideObject = () => `{${Array.from({ length: 40_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;

/**
 * JSON bodies no route may answer with a server error: nesting one past the limit, as deep as the
 * outside review sent (4,500 in a track's config, 20,000 in a broker message) and as deep as
 * the body limit allows, wide arrays and objects, broken and hostile JSON, other content types.
 * `properties` are the body's top-level fields: each gets the deep and wide values in its place.
 */
export function hostileJsonBodies(properties: string[]): RawBody[] {
  const bodies: RawBody[] = [
    json('one past the depth limit', nested(JSON_BODY_DEPTH_MAX + 1)),
    json('20,000 levels', `{"data":${nested(20_000)}}`),
    json('400,000 levels', nested(400_000)),
    json('a wide array', wideArray()),
    json('a wide object', wideObject()),
    json('cut off', '{"name":"a'),
    json('trailing garbage', '{"name":"a"}}'),
    json('a number beyond doubles', '{"name":1e99999}'),
    json('__proto__', '{"__proto__":{"polluted":true}}'),
    json('constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'),
    json('empty', ''),
    json('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x6e, 0xff, 0xfe, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])),
    { name: 'text/plain', payload: '{"name":"a"}', contentType: 'text/plain' },
    { name: 'a form', payload: 'name=a&name=b', contentType: 'application/x-www-form-urlencoded' },
    {
      name: 'JSON in Latin-1',
      payload: Buffer.from('{"name":"\xe9"}', 'latin1'),
      contentType: 'application/json; charset=latin1',
    },
  ];
  for (const property of properties) {
    const key = JSON.stringify(property);
    bodies.push(
      json(`${property}: 4,500 levels in an object`, `{${key}:{"a":${nested(4500)}}}`),
      json(`${property}: one past the limit`, `{${key}:${nested(JSON_BODY_DEPTH_MAX)}}`),
      json(`${property}: a wide array`, `{${key}:${wideArray()}}`),
    );
  }
  return bodies;
}

/** Cut-off and malformed versions of a well-formed multipart body: each must be refused, and leave no file behind. */
export function brokenMultipart(body: { payload: Buffer; headers: { 'content-type': string } }): RawBody[] {
  const type = body.headers['content-type'];
  const length = body.payload.length;
  const cut = (name: string, end: number) => ({ name, payload: body.payload.subarray(0, end), contentType: type });
  return [
    cut('cut in the first part headers', 40),
    cut('cut in the middle of the file', Math.floor(length / 2)),
    cut('cut before the closing boundary', length - 8),
    // `\r\n--boundary--\r\n` ends the body: without its last `--\r\n` the body never ends.
    cut('cut in the closing boundary', length - 4),
    { name: 'empty', payload: Buffer.alloc(0), contentType: type },
    { name: 'no boundary', payload: body.payload, contentType: 'multipart/form-data' },
    { name: 'an empty boundary', payload: body.payload, contentType: 'multipart/form-data; boundary=' },
    {
      name: 'a boundary over 256 characters',
      payload: body.payload,
      contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    },
    { name: 'another boundary', payload: body.payload, contentType: 'multipart/form-data; boundary=not-the-one' },
    { name: 'as JSON', payload: '{"file":"x"}', contentType: 'application/json' },
  ];
}
