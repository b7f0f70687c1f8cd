// `npm run size` shares each loaded file's gzip size out by package through its source map:
// the decoding of the mappings and the attribution of each span to its source's package.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeSegment,
  packageOf,
  packageShares,
  type SourceMapV3,
} from '../../scripts/lib/source-map-shares';

const dir = mkdtempSync(path.join(tmpdir(), 'source-map-shares-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('source map shares', () => {
  it('decodes base64 VLQ fields, signs and continuations included', () => {
    expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeSegment('CADC')).toEqual([1, 0, -1, 1]);
    expect(decodeSegment('gBAAgB')).toEqual([16, 0, 0, 16]);
    expect(decodeSegment('2HAA')).toEqual([123, 0, 0]);
    expect(() => decodeSegment('A*')).toThrow(/bad mappings character/);
  });

  it('names the package of a source, scoped or not, and the app for the rest', () => {
    expect(packageOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(
      'react-dom',
    );
    expect(packageOf('../../node_modules/@tanstack/query-core/build/modern/query.js')).toBe(
      '@tanstack/query-core',
    );
    expect(packageOf('../../node_modules/a/node_modules/b/index.js')).toBe('b');
    expect(packageOf('../../src/app/start-app.tsx')).toBe('app');
  });

  it("shares a bundle's characters out by the package each span came from", async () => {
    mkdirSync(path.join(dir, 'node_modules', 'big-lib'), { recursive: true });
    writeFileSync(
      path.join(dir, 'node_modules', 'big-lib', 'index.js'),
      `export function big() { return ${JSON.stringify('x'.repeat(3000))}; }\n`,
    );
    writeFileSync(
      path.join(dir, 'main.js'),
      `import { big } from 'big-lib';\nexport const answer = () => big() + ${JSON.stringify('y'.repeat(1000))};\n`,
    );
    const result = await build({
      entryPoints: [path.join(dir, 'main.js')],
      absWorkingDir: dir,
      bundle: true,
      format: 'esm',
      minify: true,
      sourcemap: 'external',
      outfile: path.join(dir, 'out.js'),
      write: false,
    });
    const code = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
    const map = JSON.parse(
      result.outputFiles.find((file) => file.path.endsWith('.map'))!.text,
    ) as SourceMapV3;
    const shares = packageShares(code, map);
    const total = [...shares.values()].reduce((sum, n) => sum + n, 0);
    expect(total).toBe(code.split('\n').reduce((sum, line) => sum + line.length, 0));
    // the library's 3,000-character string and the app's 1,000-character one
    expect(shares.get('big-lib')).toBeGreaterThan(3000);
    expect(shares.get('big-lib')).toBeLessThan(3200);
    expect(shares.get('app')).toBeGreaterThan(1000);
    expect(shares.get('app')).toBeLessThan(1200);
  });
});
