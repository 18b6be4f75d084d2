import net from 'node:net';
import { portsOutsideEphemeralRange, redisServer, startOnFreePort } from './dependency-servers.js';

/** The fault suites' own servers: on ports no other suite is handed, and a failed start says why. */
describe('dependency servers of the fault suites', () => {
  it('picks distinct ports below the range the OS hands out by itself', async () => {
    const ports = await portsOutsideEphemeralRange(12);
    expect(new Set(ports).size).toBe(12);
    expect(ports.every((port) => port >= 20_000 && port < 32_768)).toBe(true);
  });

  it('fails at once with the server’s own words when its port is taken, and starts elsewhere when asked to', async () => {
    const [port] = await portsOutsideEphemeralRange(1);
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const taken = await redisServer(port!);
      const began = Date.now();
      await expect(taken.start()).rejects.toThrow(/exited \(code \d+\); its last output:[\s\S]*(in use|bind)/i);
      expect(Date.now() - began).toBeLessThan(10_000);
      await taken.destroy();

      // the first attempt lands on the taken port (as when another process named it meanwhile)
      const tried: number[] = [];
      const elsewhere = await startOnFreePort((free) => {
        tried.push(tried.length === 0 ? port! : free);
        return redisServer(tried.at(-1)!);
      });
      try {
        expect({ tried: tried.length, port: elsewhere.port }).toEqual({ tried: 2, port: tried[1] });
        expect(tried[1]).not.toBe(port);
      } finally {
        await elsewhere.destroy();
      }
    } finally {
      squatter.close();
    }
  });
});
