/**
 * The concept fence (docs/rulesets.md §1 "Layers", §5 step 5): a game's own rules concepts are named
 * only inside that game's folder, src/rulesets/<game>/. Every .ts file under src outside it is read
 * with its comments blanked; identifiers and string words are split into lower-case words (camelCase,
 * snake_case and kebab-case alike: `maxVigor`, `CHARGE_VIGOR`, 'to-wound' → "max vigor", "charge
 * vigor", "to wound"), and each concept below is counted per file.
 *
 * concept-fence.allow.json lists today's offenders, per file and concept, with their counts. A count
 * above its allowance (or a file or concept not listed) fails, naming the lines; a count below it
 * fails too, so the list only ever shrinks: `--shrink` lowers the allowances to today's counts and
 * drops what is gone, and never raises one. The allowlist is empty when Sellsword's rules have all
 * moved behind the boundary.
 *
 *   node scripts/concept-fence.mjs [--root DIR] [--shrink]
 * exits 1 on a breach; `npm run layers` runs it.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Each game's own concepts, as patterns over the word form of a line (lower-case words separated by
 * single spaces). Only words no other game or generic module needs: `wound`, `reply`, `burst` or
 * `split` are ordinary words elsewhere (Discord replies, benchmark bursts) and are left out.
 */
export const CONCEPTS = {
  sellsword: {
    vigor: /\bvigor/g,
    injury: /\binjur/g,
    warleader: /\bwarleader/g,
    crow: /\bcrow(?:s|ed|ing)?\b/g,
    recoil: /\brecoil/g,
    enraged: /\benrag/g,
  },
  'sword-and-claw': {
    'to-wound': /\bto wound/g,
    hurt: /\bhurt\b/g,
    readied: /\breadied\b/g,
    'opportunity-attack': /\bopportunity attack/g,
    'melee-defense': /\bmelee defen[cs]e/g,
    'ranged-defense': /\branged defen[cs]e/g,
    troop: /\btroops?\b/g,
  },
};

/** The source with comments replaced by spaces (newlines kept), strings and template text kept. */
export function withoutComments(text) {
  let out = '';
  let i = 0;
  // Open quotes and template `${` braces, innermost last; 'code' below a template's braces.
  const stack = ['code'];
  while (i < text.length) {
    const mode = stack[stack.length - 1];
    const c = text[i];
    const next = text[i + 1];
    if (mode === 'code' || mode === 'brace') {
      if (c === '/' && next === '/') {
        const end = text.indexOf('\n', i);
        const stop = end === -1 ? text.length : end;
        out += ' '.repeat(stop - i);
        i = stop;
        continue;
      }
      if (c === '/' && next === '*') {
        const end = text.indexOf('*/', i + 2);
        const stop = end === -1 ? text.length : end + 2;
        out += text.slice(i, stop).replace(/[^\n]/g, ' ');
        i = stop;
        continue;
      }
      if (c === "'" || c === '"' || c === '`') stack.push(c);
      else if (c === '{' && mode === 'brace') stack.push('brace');
      else if (c === '}' && mode === 'brace') stack.pop();
      out += c;
      i++;
      continue;
    }
    // Inside a string or a template's text.
    if (c === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (mode === '`' && c === '$' && next === '{') {
      stack.push('brace');
      out += '${';
      i += 2;
      continue;
    }
    if (c === mode || (c === '\n' && mode !== '`')) stack.pop();
    out += c;
    i++;
  }
  return out;
}

/** A line as lower-case words: `maxVigor`, `CHARGE_VIGOR`, 'To-Wound' → " max vigor ", " charge vigor ", " to wound ". */
export function words(line) {
  const split = line
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ');
  return ` ${split} `;
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

/** Every concept named outside its game's folder: { file: { 'game/concept': { count, lines } } }. */
export function offenders(root) {
  const src = join(root, 'src');
  const found = {};
  for (const path of sourceFiles(src)) {
    const file = relative(root, path).split(sep).join('/');
    const lines = withoutComments(readFileSync(path, 'utf8')).split('\n');
    for (const [game, concepts] of Object.entries(CONCEPTS)) {
      if (file.startsWith(`src/rulesets/${game}/`)) continue;
      for (const [concept, pattern] of Object.entries(concepts)) {
        lines.forEach((line, index) => {
          const n = words(line).match(pattern)?.length ?? 0;
          if (n === 0) return;
          found[file] ??= {};
          const entry = (found[file][`${game}/${concept}`] ??= { count: 0, lines: [] });
          entry.count += n;
          entry.lines.push(index + 1);
        });
      }
    }
  }
  return found;
}

/** Breaches of the allowlist: counts above their allowance, and allowances above today's count. */
export function breaches(found, allow) {
  const over = [];
  const stale = [];
  for (const [file, concepts] of Object.entries(found)) {
    for (const [key, { count, lines }] of Object.entries(concepts)) {
      const allowed = allow[file]?.[key] ?? 0;
      if (count > allowed) over.push(`${file}: ${key} ${count} (allowed ${allowed}), lines ${lines.join(', ')}`);
    }
  }
  for (const [file, concepts] of Object.entries(allow)) {
    for (const [key, allowed] of Object.entries(concepts)) {
      const count = found[file]?.[key]?.count ?? 0;
      if (count < allowed) stale.push(`${file}: ${key} ${count} (allowed ${allowed})`);
    }
  }
  return { over, stale };
}

/** The allowlist lowered to today's counts, nothing raised or added. */
export function shrunk(found, allow) {
  const next = {};
  for (const [file, concepts] of Object.entries(allow)) {
    for (const [key, allowed] of Object.entries(concepts)) {
      const count = Math.min(allowed, found[file]?.[key]?.count ?? 0);
      if (count > 0) (next[file] ??= {})[key] = count;
    }
  }
  return next;
}

function size(allow) {
  const entries = Object.values(allow).flatMap((concepts) => Object.values(concepts));
  return { files: Object.keys(allow).length, entries: entries.length, names: entries.reduce((a, b) => a + b, 0) };
}

function main(argv) {
  const at = argv.indexOf('--root');
  const root = at >= 0 ? resolve(argv[at + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const allowPath = join(root, 'concept-fence.allow.json');
  const allow = existsSync(allowPath) ? JSON.parse(readFileSync(allowPath, 'utf8')) : {};
  const found = offenders(root);
  if (argv.includes('--shrink')) {
    const next = shrunk(found, allow);
    writeFileSync(allowPath, `${JSON.stringify(next, null, 2)}\n`);
    const s = size(next);
    console.log(`concept fence: allowlist shrunk to ${s.entries} entries (${s.names} names in ${s.files} files).`);
    return 0;
  }
  const { over, stale } = breaches(found, allow);
  const s = size(allow);
  for (const line of over) console.error(`concept outside its game's folder: ${line}`);
  for (const line of stale) console.error(`allowlist above today's count (run node scripts/concept-fence.mjs --shrink): ${line}`);
  if (over.length > 0 || stale.length > 0) {
    console.error(`concept fence: ${over.length} breach(es), ${stale.length} stale allowance(s).`);
    return 1;
  }
  console.log(`concept fence: ok; allowlist ${s.entries} entries (${s.names} names in ${s.files} files).`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2)));
