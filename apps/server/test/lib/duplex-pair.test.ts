import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { duplexPair } from '../support/duplex-pair.ts';

describe('duplexPair', () => {
  it('carries what one end writes to the other, both ways, in order', async () => {
    const [a, b] = duplexPair();
    const atB: string[] = [];
    const atA: string[] = [];
    b.on('data', (chunk: Buffer) => atB.push(chunk.toString()));
    a.on('data', (chunk: Buffer) => atA.push(chunk.toString()));
    a.write('one');
    a.write('two');
    b.write('back');
    await new Promise((r) => setImmediate(r));
    expect(atB.join('')).toBe('onetwo');
    expect(atA).toEqual(['back']);
  });

  it('holds a writer back while the reader takes nothing, and lets it go once it reads', async () => {
    const [a, b] = duplexPair();
    const big = Buffer.alloc(64 * 1024);
    let writes = 0;
    while (a.write(big) && writes < 100) writes++;
    // The reader's buffer is full: the writer is told to wait long before 100 writes.
    expect(writes).toBeLessThan(100);
    const drained = once(a, 'drain');
    let read = 0;
    b.on('data', (chunk: Buffer) => {
      read += chunk.length;
    });
    await drained;
    expect(read).toBeGreaterThan(0);
  });

  it('ends the other end’s reading when one end ends, and closes the other when one is destroyed', async () => {
    const [a, b] = duplexPair();
    b.resume();
    a.end();
    await once(b, 'end');
    const [c, d] = duplexPair();
    const errors: Error[] = [];
    c.on('error', () => {});
    d.on('error', (error) => errors.push(error));
    c.destroy(new Error('gone'));
    await once(d, 'close');
    // Its peer is gone, as with a socket: closed, without the other end's error.
    expect(d.destroyed).toBe(true);
    expect(errors).toEqual([]);
  });
});
