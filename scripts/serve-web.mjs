// A tiny static server for the built web app (apps/web/dist) on 127.0.0.1 with SPA fallback.
// Used by e2e and the bundle bench until the caching service serves the app itself.
// PORT (default 4173) and HOST (default 127.0.0.1) come from the environment; DIST overrides the folder.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const root = resolve(process.env.DIST ?? 'apps/web/dist');
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

if (!existsSync(join(root, 'index.html'))) {
  console.error(`serve-web: ${root}/index.html is missing; run \`npm run build\` first.`);
  process.exit(1);
}

/** Maps a URL path to a file inside root, or undefined (never escapes root). */
function fileFor(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return undefined;
  }
  const target = normalize(join(root, decoded));
  if (target !== root && !target.startsWith(root + sep)) return undefined;
  if (existsSync(target) && statSync(target).isFile()) return target;
  return undefined;
}

const server = createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const path = req.url ?? '/';
  let file = fileFor(path);
  // Missing assets are real 404s; every other path is a client-side route served by index.html.
  if (!file && path.startsWith('/assets/')) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  file ??= join(root, 'index.html');
  const immutable = file.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
});

server.listen(port, host, () => {
  const { port: bound } = server.address();
  console.log(`Tide web app: http://${host}:${bound}/`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
