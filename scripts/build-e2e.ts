// Builds the app the e2e suite drives into .e2e-dist/ (see scripts/lib/e2e-build.ts).
import { buildE2eApp } from './lib/e2e-build';

buildE2eApp({ force: true }).then((code) => process.exit(code));
