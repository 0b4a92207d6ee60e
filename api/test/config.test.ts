import { describe, expect, it } from '@jest/globals';
import { configFromEnv } from '../src/config.js';

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
