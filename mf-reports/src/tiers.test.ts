// The three tiers of src/ (README, "How it is built"): screens use building blocks and helpers,
// building blocks use helpers, helpers use neither. Tests of a tier may use its own tier only.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const src = __dirname;
const TIERS = ['screens', 'building-blocks', 'helpers'] as const;
type Tier = (typeof TIERS)[number];

/** What each tier may import from, besides itself. */
const MAY_USE: Record<Tier, Tier[]> = {
  screens: ['building-blocks', 'helpers'],
  'building-blocks': ['helpers'],
  helpers: [],
};

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

const tierOf = (file: string): string => path.relative(src, file).split(path.sep)[0] ?? '';

describe('mf-reports tiers', () => {
  it('keeps every source file in a tier, beside the entry, the standalone host and test setup', () => {
    const outside = filesOf(src)
      .map((file) => path.relative(src, file))
      .filter((file) => !(TIERS as readonly string[]).includes(file.split(path.sep)[0] ?? ''))
      .filter((file) => !file.startsWith(`testing${path.sep}`))
      .sort();
    expect(outside).toEqual(['bootstrap.tsx', 'index.ts', 'tiers.test.ts']);
  });

  it.each(TIERS)('lets %s import only from the tiers below it', (tier) => {
    const wrong: string[] = [];
    for (const file of filesOf(path.join(src, tier))) {
      const text = readFileSync(file, 'utf8');
      for (const [, spec = ''] of text.matchAll(/from '(\.[^']*)'/g)) {
        const target = tierOf(path.resolve(path.dirname(file), spec));
        if (target === tier || target === 'testing') continue;
        if (!MAY_USE[tier].includes(target as Tier))
          wrong.push(`${path.relative(src, file)} imports ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
