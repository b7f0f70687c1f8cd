// How much of a built JavaScript file each package contributes, read from its source map
// (version 3): every mapped span of the generated code counts for the source it came from, a
// source under node_modules for its package (`react-dom`, `@tanstack/query-core`), any other for
// the app. For `npm run size`, which shares each file's gzip size out in these proportions.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** The fields of one mappings segment (base64 VLQ, each relative to the one before). */
export function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`source map: bad mappings character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** The package a source path belongs to, or `app` for the project's own code. */
export function packageOf(source: string): string {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return 'app';
  const parts = source.slice(at + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

export interface SourceMapV3 {
  sources: string[];
  mappings: string;
}

/**
 * Characters of `code` per package (see packageOf); what no segment maps to a source (data the
 * bundler inlined, such as JSON, and its own runtime) counts as `unmapped`.
 */
export function packageShares(code: string, map: SourceMapV3): Map<string, number> {
  const shares = new Map<string, number>();
  const add = (key: string, count: number) => {
    if (count > 0) shares.set(key, (shares.get(key) ?? 0) + count);
  };
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (const [lineNumber, line] of lines.entries()) {
    const segments = (mappingLines[lineNumber] ?? '').split(',').filter(Boolean);
    let column = 0;
    let spanStart = 0;
    let spanOwner = 'unmapped';
    for (const segment of segments) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      add(spanOwner, column - spanStart);
      spanStart = column;
      if (fields.length >= 4) {
        sourceIndex += fields[1]!;
        const source = map.sources[sourceIndex];
        spanOwner = source === undefined ? 'unmapped' : packageOf(source);
      } else spanOwner = 'unmapped';
    }
    add(spanOwner, line.length - spanStart);
  }
  return shares;
}
