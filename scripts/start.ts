// `npm start`: production. Builds the app when dist/ is missing, then runs the API, which also
// serves the built app. PostgreSQL when DATABASE_URL is set, PGlite in DATA_DIR otherwise.
import { existsSync } from 'node:fs';
import { withApiNodeOptions } from './lib/api-node-options';
import { run } from './lib/proc';

async function main() {
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    SERVE_APP: process.env.SERVE_APP ?? 'true',
  };
  if (!existsSync('dist/index.html')) {
    console.log('No build found: running vite build…');
    const code = await run('npx', ['vite', 'build'], { env });
    if (code !== 0) process.exit(code);
  }
  process.exit(
    await run('npx', ['tsx', 'src/server/main.ts'], {
      env: { ...env, NODE_OPTIONS: withApiNodeOptions(env) },
    }),
  );
}

void main();
