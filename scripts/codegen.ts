/**
 * Typed GraphQL documents for the web app (GraphQL Codegen's client preset, run programmatically):
 * reads the Pothos schema and every graphql(`...`) document under src/web, and writes
 * src/web/gql/ (generated, not committed). Runs before typecheck and build.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addTypenameSelectionDocumentTransform, preset } from '@graphql-codegen/client-preset';
import { codegen } from '@graphql-codegen/core';
import type { Types } from '@graphql-codegen/plugin-helpers';
import { lexicographicSortSchema, parse, printSchema } from 'graphql';
import { schema } from '../src/server/graphql/schema.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'src/web');
const OUT = path.join(WEB, 'gql');
const DOCUMENT = /graphql\(\s*`([\s\S]*?)`\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (file === OUT || name === 'node_modules') return [];
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

async function main() {
  const documents: Types.DocumentFile[] = [];
  for (const file of sourceFiles(WEB)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(DOCUMENT)) {
      documents.push({ location: path.relative(ROOT, file), document: parse(m[1]!), rawSDL: m[1]! });
    }
  }
  const sorted = lexicographicSortSchema(schema);
  const outputs = await preset.buildGeneratesSection({
    baseOutputDir: `${path.relative(ROOT, OUT)}/`,
    schema: parse(printSchema(sorted)),
    schemaAst: sorted,
    documents,
    config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: false },
    presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: 'sha256' } },
    // Apollo's cache adds __typename to every selection; the persisted documents must hold them too.
    documentTransforms: [{ name: 'add-typename', transformObject: addTypenameSelectionDocumentTransform }],
    plugins: [],
    pluginMap: {},
  });
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  for (const output of outputs) {
    const content = await codegen({ ...output, cache: undefined } as Types.GenerateOptions);
    writeFileSync(path.join(ROOT, output.filename), content);
  }
  console.log(`codegen: ${documents.length} documents -> ${path.relative(ROOT, OUT)}/`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
