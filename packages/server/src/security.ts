/**
 * Hardening: response headers (@fastify/helmet: a strict CSP, nosniff, frame-ancestors none,
 * Referrer-Policy no-referrer; Cache-Control no-store on /api, whose replies carry tokens and
 * hidden views), and webhooks that cannot be aimed at the server's own network. A webhook's host
 * must resolve only to public unicast addresses (ipaddr.js classifies them): checked when the
 * URL is given, and again when each POST connects (the lookup the socket uses, and the address
 * it reached), so a name that later resolves to 127.0.0.1 or 169.254.169.254 is refused too.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import ipaddr from 'ipaddr.js';
import { badRequest } from './errors.ts';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** A public unicast address (not loopback, private, link-local, CGNAT, metadata, multicast, reserved...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

function refused(host: string, address: string): Error {
  return badRequest(
    `webhook host ${host} resolves to ${address}, a loopback, private, link-local or reserved address: webhooks must reach a public address`,
  );
}

/** At set time: the URL's host must resolve, and only to public addresses. */
export async function checkWebhookTarget(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await dns.lookup(host, { all: true });
  } catch (e) {
    throw badRequest(`webhook host ${host} does not resolve (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  for (const a of addresses) if (!isPublicAddress(a.address)) throw refused(host, a.address);
}

/** A DNS lookup for sockets that fails on any non-public address (the connect-time check). */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad) return callback(refused(hostname, bad.address) as NodeJS.ErrnoException, '', 0);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * POSTs `body` as JSON to `url`; resolves to the HTTP status. Unless `allowPrivate`, the socket
 * may only reach a public address (checked in the lookup, for IP literals, and on connect).
 */
export function postJson(
  url: string,
  body: unknown,
  o: { timeoutMs: number; allowPrivate: boolean; userAgent?: string },
): Promise<number> {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!o.allowPrivate && isIP(host) && !isPublicAddress(host)) return Promise.reject(refused(host, host));
  const data = Buffer.from(JSON.stringify(body));
  const mod = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      u,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': data.length,
          'user-agent': o.userAgent ?? 'sandtable-server',
        },
        timeout: o.timeoutMs,
        ...(o.allowPrivate ? {} : { lookup: publicLookup }),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('socket', (s) => {
      s.on('connect', () => {
        const addr = s.remoteAddress;
        if (!o.allowPrivate && addr && !isPublicAddress(addr)) req.destroy(refused(host, addr));
      });
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${o.timeoutMs} ms`)), o.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${o.timeoutMs} ms`)));
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end(data);
  });
}
