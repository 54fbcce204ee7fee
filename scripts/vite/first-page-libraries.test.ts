import { describe, expect, it } from 'vitest';
import { bindingEdges, usedModules } from './first-page-libraries.js';

const NM = '/app/node_modules';

/** A module graph as the bundler records it: each module's code and the ids its specifiers resolved to. */
function graphOf(modules: Record<string, { code: string; imports?: string[] }>) {
  return (id: string) => {
    const m = modules[id];
    return m ? { code: m.code, importedIds: m.imports ?? [] } : null;
  };
}

describe('bindingEdges', () => {
  it('reads the names of imports and re-exports, and leaves out bare and type-only imports', () => {
    const edges = bindingEdges(
      [
        "import { jsx } from 'react/jsx-runtime';",
        "import 'clsx';",
        "import React, { useState as useS, type FC } from 'react';",
        "import * as all from './all.mjs';",
        "import type { Props } from './props';",
        "export { Button } from './Button.mjs';",
        "export { default as IconX } from './icons/IconX.mjs';",
        "export * from './more.mjs';",
      ].join('\n'),
    );
    expect(
      edges.map((e) => [e.kind, e.spec, e.names === 'all' ? 'all' : Object.fromEntries(e.names)]),
    ).toEqual([
      ['import', 'react/jsx-runtime', { jsx: 'jsx' }],
      ['import', 'react', { default: 'default', useS: 'useState' }],
      ['import', './all.mjs', 'all'],
      ['export', './Button.mjs', { Button: 'Button' }],
      ['export', './icons/IconX.mjs', { IconX: 'default' }],
      ['export', './more.mjs', 'all'],
    ]);
  });
});

describe('usedModules', () => {
  // A package whose index re-exports every component, and component files with bare imports of modules
  // they do not use (as Mantine's build writes them).
  const graph = graphOf({
    '/app/src/main.tsx': {
      code: "import { Button } from '@ui/core';\nimport { money } from './domain';\nexport const x = 1;",
      imports: [`${NM}/@ui/core/index.mjs`, '/app/src/domain/index.ts'],
    },
    '/app/src/domain/index.ts': {
      code: "export * from './money';\nexport * from './schema';",
      imports: ['/app/src/domain/money.ts', '/app/src/domain/schema.ts'],
    },
    '/app/src/domain/money.ts': { code: 'export const money = (n: number) => `$${n}`;' },
    '/app/src/domain/schema.ts': {
      code: "import { z } from 'zod';\nexport const Schema = z.object({});",
      imports: [`${NM}/zod/index.js`],
    },
    [`${NM}/zod/index.js`]: { code: 'export const z = {};' },
    [`${NM}/@ui/core/index.mjs`]: {
      code: "export { Button } from './Button.mjs';\nexport { Popover } from './Popover.mjs';",
      imports: [`${NM}/@ui/core/Button.mjs`, `${NM}/@ui/core/Popover.mjs`],
    },
    [`${NM}/@ui/core/Button.mjs`]: {
      code: "import { jsx } from 'react/jsx-runtime';\nimport './Popover.mjs';\nimport { Loader } from './Loader.mjs';\nconst Button = () => jsx(Loader);\nexport { Button };",
      imports: [`${NM}/react/jsx-runtime.js`, `${NM}/@ui/core/Popover.mjs`, `${NM}/@ui/core/Loader.mjs`],
    },
    [`${NM}/@ui/core/Loader.mjs`]: { code: 'const Loader = () => null;\nexport { Loader };' },
    [`${NM}/@ui/core/Popover.mjs`]: { code: 'const Popover = () => null;\nexport { Popover };' },
    [`${NM}/react/jsx-runtime.js`]: { code: 'export const jsx = () => null;' },
  });

  it('follows the names imported through an index, not its other exports nor bare imports', () => {
    const used = usedModules(['/app/src/main.tsx'], graph, /node_modules\/react\//);
    const libraries = [...used].filter((id) => id.includes('/node_modules/')).sort();
    expect(libraries).toEqual([`${NM}/@ui/core/Button.mjs`, `${NM}/@ui/core/Loader.mjs`]);
  });

  it('takes from an `export *` only the module that defines the name', () => {
    const used = usedModules(['/app/src/main.tsx'], graph, /node_modules\/react\//);
    expect(used.has('/app/src/domain/money.ts')).toBe(true);
    expect(used.has('/app/src/domain/schema.ts')).toBe(false);
    expect(used.has(`${NM}/zod/index.js`)).toBe(false);
  });
});
