// The repository's source files and the relative imports between them, for the structure test.
// A careful regex is enough here: the code base writes every import with a relative path and its
// extension, or a package name (which never points back into a workspace's own files).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** Folders that hold no hand-written source: installs, builds, data, reports (as in `.gitignore`). */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'data-demo', 'test-results', 'playwright-report']);

export interface SourceFile {
  /** Path from the repository root, with `/` separators. */
  file: string;
  text: string;
}

const isSource = (name: string) => SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts');

/** Every hand-written source file under `root`, skipping hidden folders and the ignored ones. */
export function readSources(root: string, dir = ''): SourceFile[] {
  const out: SourceFile[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...readSources(root, rel));
    else if (entry.isFile() && isSource(entry.name)) out.push({ file: rel, text: readFileSync(path.join(root, rel), 'utf8') });
  }
  return out;
}

export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/** Comments out of the way, so that an example in a comment is not an import. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

const IMPORT_PATTERNS = [
  // import … from '…' and export … from '…', over several lines too
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  // import '…' (for its side effects)
  /\bimport\s*['"]([^'"]+)['"]/g,
  // import('…'), a lazy import or a type: `import('./x.ts').Thing`
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The module specifiers a file imports or re-exports, type-only imports included. */
export function importSpecifiers(text: string): string[] {
  const code = withoutComments(text);
  const found = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** The file a relative specifier names, or null for a package or a file that is not source. */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, '')));
  const candidates = [
    target,
    ...SOURCE_EXTENSIONS.map((ext) => target + ext),
    ...SOURCE_EXTENSIONS.map((e) => `${target}/index${e}`),
  ];
  return candidates.find((c) => files.has(c)) ?? null;
}

export type ImportGraph = Map<string, string[]>;

export function importGraph(sources: readonly SourceFile[]): ImportGraph {
  const files = new Set(sources.map((s) => s.file));
  const graph: ImportGraph = new Map();
  for (const { file, text } of sources) {
    const targets = importSpecifiers(text)
      .map((spec) => resolveImport(file, spec, files))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every import cycle, each as the path that closes it (`a → b → a`), one per group of files. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's strongly connected components; a group of two or more files (or a file importing
  // itself) holds at least one cycle, and the shortest one through its first file is reported.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => shortestCycle(graph, group.sort()[0], new Set(group)));
}

function shortestCycle(graph: ImportGraph, start: string, within: ReadonlySet<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const next of graph.get(queue[i]) ?? []) {
      if (!within.has(next)) continue;
      if (next === start) {
        const cycle = [start];
        for (let at = queue[i]; at !== start; at = cameFrom.get(at)!) cycle.splice(1, 0, at);
        return [...cycle, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, queue[i]);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The feature a web file belongs to (`features/<name>/…`), or null outside the features. */
export function featureOf(file: string, featuresDir: string): string | null {
  if (!file.startsWith(`${featuresDir}/`)) return null;
  return file.slice(featuresDir.length + 1).split('/')[0] ?? null;
}

/** Imports from one feature into another: `from → to` for each. */
export function crossFeatureImports(graph: ImportGraph, featuresDir: string): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const own = featureOf(from, featuresDir);
    if (!own) continue;
    for (const to of targets) {
      const other = featureOf(to, featuresDir);
      if (other && other !== own) out.push(`${from} → ${to}`);
    }
  }
  return out.sort();
}
