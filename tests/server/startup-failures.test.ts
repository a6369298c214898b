import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDataFile, TEST_SETUP_CODE } from './helpers';

/**
 * Issue 31: a start that cannot work explains itself in one French line on stderr and exits with 1 (no stack
 * trace): an unwritable data directory, an unreachable database, a failed migration.
 */
async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '', SETUP_CODE: TEST_SETUP_CODE, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, stderr };
}

function expectOneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Démarrage impossible : /);
  return lines[0] ?? '';
}

describe('a start that explains itself', () => {
  it('says so when the data directory cannot be written', async () => {
    const data = tempDataFile();
    try {
      // A file where the data directory should be: nothing can be created under it, even by root.
      const blocker = path.join(path.dirname(data.file), 'not-a-directory');
      fs.writeFileSync(blocker, '');
      const { code, stderr } = await start({ DATA_FILE: path.join(blocker, 'app.sqlite') });
      expect(code).toBe(1);
      expect(expectOneLine(stderr)).toContain('ne peut pas écrire dans le dossier des données');
    } finally {
      data.cleanup();
    }
  }, 30_000);

  it('says so when the database does not answer, without its password', async () => {
    const { code, stderr } = await start({
      DATABASE_URL: 'postgresql://emargement:s3cret-pw@127.0.0.1:1/emargement',
    });
    expect(code).toBe(1);
    const line = expectOneLine(stderr);
    expect(line).toContain('la base PostgreSQL ne répond pas');
    expect(line).not.toContain('s3cret-pw');
  }, 30_000);

  it('says so when a migration fails, and leaves the database as it was', async () => {
    const data = tempDataFile();
    try {
      // A file from elsewhere: a table of the same name as one a migration creates, of another shape.
      const db = new Database(data.file);
      db.exec('CREATE TABLE orgs (something_else TEXT)');
      db.close();
      const { code, stderr } = await start({ DATA_FILE: data.file });
      expect(code).toBe(1);
      expect(expectOneLine(stderr)).toMatch(/la mise à jour de la base de données a échoué à l’étape \d+/);
      const after = new Database(data.file, { readonly: true });
      try {
        expect(after.pragma('user_version', { simple: true })).toBe(0);
        expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual([
          'orgs',
        ]);
      } finally {
        after.close();
      }
    } finally {
      data.cleanup();
    }
  }, 30_000);
});
