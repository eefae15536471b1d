import { wav } from './wav.ts';
/** A multipart/form-data body as a browser sends it, for `app.inject`. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; content: Uint8Array | string; type?: string },
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** Small but real files of each kind, made here rather than committed as binaries. */
export const sampleFiles = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]),
  wav: wav(800),
  mp3: Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]),
  mp3WithTag: Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(32)]),
  ogg: Buffer.concat([Buffer.from('OggS'), Buffer.from([0, 2]), Buffer.alloc(40)]),
  m4a: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(40)]),
  text: Buffer.from('this is only text pretending to be audio\n'),
};

export { wav };
