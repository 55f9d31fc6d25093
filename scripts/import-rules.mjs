// The import rules every workspace keeps, checked from source text (no build needed):
//   1. no import circles (relative imports: static, dynamic and type-only alike);
//   2. a room (a folder with an index.ts) is entered only through its index: files outside ROOMS import nothing else
//      of them; the caching service's older rooms (commands/, store/, ingest/, seed/, defaults/) may not gain new
//      reaches past their index beyond the recorded ones in import-rules-known.json (a ratchet: it only shrinks);
//   3. packages/core imports no React and no app.
// `node scripts/import-rules.mjs` prints every break and exits 1; apps/cache-server/test/import-rules.test.ts runs it.
// `node scripts/import-rules.mjs --record-known` rewrites import-rules-known.json from today's reaches.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in scripts/). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The source folders of each workspace whose import graph is checked. */
export const WORKSPACES = {
  'packages/core': ['packages/core/src'],
  'apps/web': ['apps/web/src'],
  'apps/cache-server': ['apps/cache-server/src', 'apps/cache-server/test'],
  'apps/sandbox': ['apps/sandbox/src'],
};

/** Rooms entered only through their index.ts, no exceptions. */
export const ROOMS = ['apps/cache-server/src/answers', 'apps/cache-server/src/workers', 'apps/cache-server/src/ws'];

/** Source folders whose other index.ts folders are rooms held by the ratchet (known reaches recorded). */
export const RATCHET_WORKSPACES = ['apps/cache-server/src'];

/** The recorded reaches past the older rooms' indexes ("importer -> imported", repo-relative). */
export const KNOWN_FILE = join(dirname(fileURLToPath(import.meta.url)), 'import-rules-known.json');

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
// import … from '…', export … from '…', import '…', import('…'), vi.mock('…').
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])([^'"\n]+)\1/g;

/** Every source file under a folder (node_modules and dist left out). */
export function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** A source text with its comments blanked out; strings are kept (a `//` or `/*` inside a string is no comment). */
export function withoutComments(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c && (c === '`' || text[j] !== '\n')) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The module specifiers a source text imports: static, type-only, re-exports, dynamic `import()` and `vi.mock`. */
export function specifiersOf(text) {
  return [...withoutComments(text).matchAll(SPECIFIER)].map((m) => m[2]);
}

/** The file a relative specifier names (with or without extension, or a folder's index), or null. */
export function resolveRelative(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec.split('?')[0]);
  const tries = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (/\.js$/.test(base)) tries.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return tries.find((p) => SOURCE.test(p) && existsSync(p) && statSync(p).isFile()) ?? null;
}

/** The import graph of some folders: file → the files it imports relatively. */
export function importGraph(dirs) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of sourceFiles(resolve(REPO_ROOT, dir))) {
      const targets = new Set();
      for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
        const target = resolveRelative(file, spec);
        if (target) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** Every import circle of a graph, each as a list of repo-relative paths ending where it started (Tarjan's SCCs). */
export function findCircles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (start) => {
    // Iterative Tarjan so deep graphs do not overflow the call stack.
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const to = next[frame[2]++];
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push([to, [...graph.get(to)], 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || graph.get(node).has(node)) groups.push(group);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.map((group) => circleThrough(graph, new Set(group)));
}

/** One concrete circle inside a strongly connected group (shortest path back to its first member). */
function circleThrough(graph, members) {
  const start = [...members].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of graph.get(node)) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start].map((p) => relative(REPO_ROOT, p));
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...members].map((p) => relative(REPO_ROOT, p));
}

/** Import circles per workspace: { workspace: [circle, …] } with only workspaces that have some. */
export function circlesByWorkspace(workspaces = WORKSPACES) {
  const out = {};
  for (const [name, dirs] of Object.entries(workspaces)) {
    const circles = findCircles(importGraph(dirs));
    if (circles.length > 0) out[name] = circles;
  }
  return out;
}

/** The rooms under a source folder: every folder below it holding an index.ts (or index.tsx). */
export function roomsUnder(dir) {
  const rooms = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (name === 'node_modules' || !statSync(path).isDirectory()) continue;
      if (existsSync(join(path, 'index.ts')) || existsSync(join(path, 'index.tsx'))) rooms.push(path);
      walk(path);
    }
  };
  walk(resolve(REPO_ROOT, dir));
  return rooms;
}

/** Imports that reach into one of `rooms` past its index: "importer -> imported" (repo-relative) for each. */
export function roomBreaks(rooms = ROOMS, graphDirs = Object.values(WORKSPACES).flat()) {
  const inner = rooms.map((r) => resolve(REPO_ROOT, r)).sort((a, b) => b.length - a.length); // innermost room first
  const graph = importGraph(graphDirs);
  const breaks = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const room = inner.find((r) => to.startsWith(r + sep));
      if (!room || from.startsWith(room + sep)) continue;
      if (to === join(room, 'index.ts') || to === join(room, 'index.tsx')) continue;
      breaks.push(`${relative(REPO_ROOT, from)} -> ${relative(REPO_ROOT, to)}`);
    }
  }
  return breaks.sort();
}

/** The older rooms: every index.ts folder under RATCHET_WORKSPACES that is not one of ROOMS. */
export function ratchetRooms() {
  const strict = new Set(ROOMS.map((r) => resolve(REPO_ROOT, r)));
  return RATCHET_WORKSPACES.flatMap(roomsUnder).filter((r) => !strict.has(r));
}

/** Reaches past an older room's index that are not recorded in import-rules-known.json. */
export function newRatchetBreaks() {
  const known = new Set(JSON.parse(readFileSync(KNOWN_FILE, 'utf8')));
  return roomBreaks(ratchetRooms()).filter((b) => !known.has(b));
}

/** Imports in packages/core of React or of an app: "file: specifier" for each. */
export function coreBreaks(dir = 'packages/core/src') {
  const breaks = [];
  const apps = resolve(REPO_ROOT, 'apps');
  for (const file of sourceFiles(resolve(REPO_ROOT, dir))) {
    for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = spec.startsWith('.') ? resolve(dirname(file), spec) : null;
      const react = /^(react|react-dom)(\/|$)/.test(spec);
      const app = /^@tide\/(web|cache-server)(\/|$)/.test(spec) || target?.startsWith(apps + sep) === true;
      if (react || app) breaks.push(`${relative(REPO_ROOT, file)}: ${spec}`);
    }
  }
  return breaks.sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--record-known')) {
    const known = roomBreaks(ratchetRooms());
    writeFileSync(KNOWN_FILE, `${JSON.stringify(known, null, 2)}\n`);
    console.log(
      `recorded ${known.length} known reaches past the older rooms' indexes in ${relative(REPO_ROOT, KNOWN_FILE)}`,
    );
    process.exit(0);
  }
  const circles = circlesByWorkspace();
  const rooms = [...roomBreaks(), ...newRatchetBreaks()];
  const core = coreBreaks();
  for (const [ws, list] of Object.entries(circles)) {
    for (const c of list) console.log(`circle in ${ws}: ${c.join(' -> ')}`);
  }
  for (const b of rooms) console.log(`past a room's index: ${b}`);
  for (const b of core) console.log(`core imports React or an app: ${b}`);
  const total = Object.values(circles).flat().length + rooms.length + core.length;
  console.log(total === 0 ? 'import rules: all kept' : `import rules: ${total} broken`);
  process.exit(total === 0 ? 0 : 1);
}
