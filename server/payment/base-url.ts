/**
 * Base URLs of the payment sandbox, for any port and behind proxies:
 * - baseUrlOf: what browsers open (payUrl): PUBLIC_URL when set, else the request's protocol and Host;
 * - selfUrlOf: where the cashier sends its notify: PUBLIC_URL when set, else the local address the
 *   request arrived on, so a forged Host header cannot send signed notifies to another server.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

export function baseUrlOf(config: Pick<Config, 'PUBLIC_URL'>, req: FastifyRequest): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = HOST.test(req.host) ? req.host : 'localhost';
  return `${req.protocol}://${host}`;
}

export function selfUrlOf(config: Pick<Config, 'PUBLIC_URL'>, req: FastifyRequest): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const { localAddress, localPort } = req.socket;
  if (!localAddress || !localPort) return baseUrlOf(config, req);
  const address = localAddress.replace(/^::ffff:/, ''); // IPv4 mapped into IPv6
  const host = address.includes(':') ? `[${address}]` : address;
  return `${req.protocol}://${host}:${localPort}`;
}
