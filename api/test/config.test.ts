import path from 'node:path';
import { backupDirectory, configFromEnv } from '../src/config.js';

describe('configFromEnv: where the server listens', () => {
  it('listens on 8080 on every interface by default', () => {
    expect(configFromEnv({}).listen).toEqual({ port: 8080, host: '0.0.0.0' });
  });

  it('takes PORT and HOST, PORT=0 asking for a free port', () => {
    expect(configFromEnv({ PORT: '3000', HOST: '127.0.0.1' }).listen).toEqual({
      port: 3000,
      host: '127.0.0.1',
    });
    expect(configFromEnv({ PORT: '0' }).listen.port).toBe(0);
  });

  it.each(['http', '80a', '-1', '65536', '8080.5', '0x50'])(
    'refuses PORT=%s with a message',
    (port) => {
      expect(() => configFromEnv({ PORT: port })).toThrow(
        `PORT must be a port number from 0 to 65535, not "${port}"`,
      );
    },
  );
});

describe('configFromEnv: backups taken by the server', () => {
  it('backs up into DATA_DIR/backups every 24 hours keeping 14 on the embedded database', () => {
    const config = configFromEnv({ DATA_DIR: '/srv/office' });
    expect(config.backup).toEqual({ dir: undefined, everyHours: 24, keep: 14 });
    expect(backupDirectory(config)).toBe(path.join('/srv/office', 'backups'));
  });

  it('is off on PostgreSQL and in memory unless BACKUP_DIR is set', () => {
    expect(backupDirectory(configFromEnv({ DATABASE_URL: 'postgres://x/y' }))).toBeUndefined();
    const inMemory = configFromEnv({ DATA_DIR: 'memory://' });
    expect(inMemory.dataDir).toBe('memory://');
    expect(backupDirectory(inMemory)).toBeUndefined();
    const set = configFromEnv({ DATABASE_URL: 'postgres://x/y', BACKUP_DIR: '/backups' });
    expect(backupDirectory(set)).toBe('/backups');
  });

  it('takes fractions of hours and a count to keep', () => {
    const config = configFromEnv({ BACKUP_EVERY_HOURS: '0.25', BACKUP_KEEP: '3' });
    expect(config.backup).toMatchObject({ everyHours: 0.25, keep: 3 });
  });

  it.each(['0', '-1', 'abc', '1e3', 'Infinity', 'NaN', '9000', '1,5', ' . '])(
    'refuses BACKUP_EVERY_HOURS=%s with a message',
    (hours) => {
      expect(() => configFromEnv({ BACKUP_EVERY_HOURS: hours })).toThrow(
        `BACKUP_EVERY_HOURS must be a number of hours above 0 and at most 8784 (fractions allowed, e.g. 0.5), not "${hours}"`,
      );
    },
  );

  it('folds the roll-ups every second unless ROLLUP_FOLD_MS says otherwise', () => {
    expect(configFromEnv({}).rollupFoldMs).toBe(1000);
    expect(configFromEnv({ ROLLUP_FOLD_MS: ' 250 ' }).rollupFoldMs).toBe(250);
  });

  it.each(['0', '9', '-5', '1.5', '1e3', 'soon', '600001', '99999999999'])(
    'refuses ROLLUP_FOLD_MS=%s with a message',
    (ms) => {
      expect(() => configFromEnv({ ROLLUP_FOLD_MS: ms })).toThrow(
        `ROLLUP_FOLD_MS must be a whole number of milliseconds from 10 to 600000, not "${ms}"`,
      );
    },
  );

  it.each(['0', '-2', '1.5', 'many', '20000'])('refuses BACKUP_KEEP=%s with a message', (keep) => {
    expect(() => configFromEnv({ BACKUP_KEEP: keep })).toThrow(
      `BACKUP_KEEP must be a whole number of backups from 1 to 10000, not "${keep}"`,
    );
  });
});

describe('configFromEnv: PUBLIC_URL, where links in downloaded files point', () => {
  it('is unset by default (links take the request origin) and ends in / when set', () => {
    expect(configFromEnv({}).publicUrl).toBeUndefined();
    expect(configFromEnv({ PUBLIC_URL: 'https://office.example.com' }).publicUrl).toBe(
      'https://office.example.com/',
    );
    expect(configFromEnv({ PUBLIC_URL: 'https://example.com/office' }).publicUrl).toBe(
      'https://example.com/office/',
    );
  });

  it('stops the start with a message for anything but an http(s) address', () => {
    for (const value of ['office.example.com', 'ftp://example.com/', 'https://x.example/?a=1'])
      expect(() => configFromEnv({ PUBLIC_URL: value })).toThrow(
        `PUBLIC_URL must be the http or https address staff open the app at, such as https://office.example.com/, not "${value}"`,
      );
  });
});
