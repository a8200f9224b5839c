import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the API server\'s Node flags', () => {
  it('npm start runs the server with them (package.json cannot import node-flags.ts)', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} apps/api/src/server.ts`);
  });

  it('are flags this Node accepts, giving the server a young generation that starts at 16 MB a semi-space', async () => {
    const { execFileSync } = await import('node:child_process');
    const printed = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'console.log(JSON.stringify(require("v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space")))'], {
      encoding: 'utf8',
    });
    const newSpace = JSON.parse(printed) as { space_size: number };
    // V8's own default starts at 1 MB: the flag took.
    expect(newSpace.space_size).toBeGreaterThanOrEqual(16 * 1024 * 1024);
  });
});
