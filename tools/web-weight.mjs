#!/usr/bin/env node
// The JavaScript the built web app's login screen downloads, raw, gzip and brotli, file by file,
// against its budget: `node tools/web-weight.mjs [apps/web/dist]` (build first: npx nx run web:build).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGIN_SCREEN_BUDGET_BYTES, loginScreenWeight } from './lib/web-weight.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const weight = await loginScreenWeight(dist);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
for (const file of weight.files)
  console.log(`${kb(file.brotli).padStart(9)} br  ${kb(file.gzip).padStart(9)} gz  ${kb(file.raw).padStart(9)} raw  ${file.file}`);
console.log(
  `login screen: ${weight.files.length} files, ${kb(weight.brotli)} brotli, ${kb(weight.gzip)} gzip, ${kb(weight.raw)} raw (budget ${kb(LOGIN_SCREEN_BUDGET_BYTES)} brotli)`,
);
process.exitCode = weight.brotli > LOGIN_SCREEN_BUDGET_BYTES ? 1 : 0;
