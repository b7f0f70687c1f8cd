#!/usr/bin/env node
/*
 * A `solc` command-line stand-in backed by the npm `solc` package (solcjs), so forge compiles
 * without downloading a native compiler: `forge build --use scripts/solc-wrapper.cjs`
 * (scripts/forge.ts passes it; contracts/foundry.toml pins it too).
 *
 *   --version          prints "solc, the solidity compiler commandline interface\nVersion: <v>"
 *   --standard-json    reads the Standard JSON input on stdin, writes the output JSON to stdout
 *
 * --base-path, --include-path and --allow-paths are used to resolve imports that forge did not
 * inline (it usually sends every source); every other flag is ignored.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const solc = require('solc');

const args = process.argv.slice(2);

function flagValues(name) {
  const values = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === name && i + 1 < args.length) values.push(args[i + 1]);
    else if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1));
  }
  return values;
}

function readStdin() {
  const chunks = [];
  const buffer = Buffer.alloc(1 << 16);
  for (;;) {
    let read;
    try {
      read = fs.readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      if (error.code === 'EAGAIN') continue;
      if (error.code === 'EOF') break;
      throw error;
    }
    if (read === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, read)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function compileStandardJson() {
  const searchRoots = [
    ...flagValues('--base-path'),
    ...flagValues('--include-path'),
    ...flagValues('--allow-paths').flatMap((value) => value.split(',')),
    process.cwd(),
  ]
    .filter(Boolean)
    .map((root) => path.resolve(root));

  const findImports = (importPath) => {
    const candidates = path.isAbsolute(importPath)
      ? [importPath]
      : searchRoots.map((root) => path.join(root, importPath));
    for (const candidate of candidates) {
      try {
        return { contents: fs.readFileSync(candidate, 'utf8') };
      } catch {
        // try the next root
      }
    }
    return { error: `File not found: ${importPath} (searched ${searchRoots.join(', ')})` };
  };

  const output = solc.compile(readStdin(), { import: findImports });
  // No process.exit() after this: on a pipe, stdout drains asynchronously and exiting early
  // truncates the JSON at 64 KiB. Node exits by itself once the write has flushed.
  process.stdout.write(output);
}

if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(
    `solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`,
  );
} else if (args.includes('--standard-json')) {
  compileStandardJson();
} else {
  process.stderr.write('solc-wrapper: only --version and --standard-json are supported (solcjs)\n');
  process.exitCode = 1;
}
