import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a Brotli and a gzip copy beside every text asset of the build, which the server sends to a browser that
 * accepts them (@fastify/static's preCompressed):
 * the app's JavaScript crosses the network at about a quarter of its size.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        .map((name) => path.join(outDir, name))
        .filter((file) => /\.(js|css|html|svg|json)$/.test(file) && fs.statSync(file).size > 1024);
      await Promise.all(
        files.map(async (file) => {
          const body = fs.readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }),
            gzip(body, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The libraries' modules the pages share, beyond what the first render needs (those stay in the 'app' file). */
const PAGES_UI =
  /node_modules[\\/](@mui[\\/](material|system|icons-material|utils)|ra-ui-materialui|ra-core|lodash|date-fns|jsonexport|react-dropzone|file-selector|attr-accept)[\\/]/;

/**
 * React Router's package names only its development build (dev warnings and checks) as what an import gets; a build
 * takes its production files instead (remix-run/react-router#12532).
 */
const reactRouterProduction = ['', '/dom'].map((entry) => ({
  find: new RegExp(`^react-router${entry}$`),
  replacement: fileURLToPath(
    new URL(`./node_modules/react-router/dist/production/${entry ? 'dom-export' : 'index'}.mjs`, import.meta.url),
  ),
}));

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // A page's chunks name what they import: the browser finds and fetches them from there. Vite's preload helper
    // added a <link> for each of a page's dozens of chunks, on the main thread, while the first page was rendering.
    modulePreload: false,
    // What a first visit loads: the code every page needs in one file instead of some sixty (each a request and a
    // module to link before anything shows), then the page's own chunks. The widgets' index only re-exports, so a
    // page's chunks hold the widgets it uses, not the public-suffix list and phone metadata of the ones it does not.
    // The react-admin and MUI parts that only pages use (lists, inputs, dialogs) are one more file, fetched with the
    // first page and kept: split by which pages share them, they were some sixty small files for the sales list alone.
    rolldownOptions: {
      experimental: { lazyBarrel: true },
      treeshake: { moduleSideEffects: (id: string) => (id.endsWith('/src/widgets/index.ts') ? false : undefined) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'ui', test: PAGES_UI, priority: 1 },
          ],
        },
      },
    },
  },
}));
