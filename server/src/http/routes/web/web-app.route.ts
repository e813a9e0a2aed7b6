import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../../domain/shared/errors.js';

/**
 * The web app's build: web/dist of the workspace, or, in the packed service installed outside the checkout, the
 * copy `npm pack` bundled as web-dist/ at the package's root (server/scripts/bundle-web.mjs); null when neither is
 * there.
 */
export function webAppRoot(): string | null {
  try {
    const manifest = createRequire(import.meta.url).resolve('@byggdok/web/package.json');
    return path.join(path.dirname(manifest), 'dist');
  } catch {
    // this file is dist/http/routes/web/web-app.route.js in the package
    const bundled = fileURLToPath(new URL('../../../../web-dist', import.meta.url));
    return existsSync(path.join(bundled, 'index.html')) ? bundled : null;
  }
}

const HASHED_ASSET = /\/assets\/.+-[\w-]{8,}\.\w+$/;

/**
 * The web app on the service's own origin under /app/ (the root redirects there): hashed assets cached for a year,
 * everything else (index.html) revalidated, and every other path under /app/ answered with the app itself, which
 * routes in the browser. Without a build, /app/ says how to make one.
 */
export async function registerWebApp(app: FastifyInstance, options: { root: string | null }): Promise<void> {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/app/', 302));
  // the subcontractor portal's e-mailed link: the browser keeps its #token through the redirect, and the token itself
  // never reaches the server in a URL; only ids are taken over, so the redirect cannot lead anywhere else
  app.get('/portal/:projectId/:subcontractorId', { schema: { hide: true } }, async (request, reply) => {
    const { projectId, subcontractorId } = request.params as { projectId: string; subcontractorId: string };
    if (!/^[\w-]{1,100}$/.test(projectId) || !/^[\w-]{1,100}$/.test(subcontractorId)) throw notFound('portal_link');
    return reply.redirect(`/app/portal/${projectId}/${subcontractorId}`, 302);
  });
  const root = options.root;
  if (!root || !existsSync(path.join(root, 'index.html'))) {
    const missing = async (_request: unknown, reply: FastifyReply) =>
      reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>byggdok</title><p>The web app is not built: run <code>npm run build</code>.</p>');
    app.get('/app', { schema: { hide: true } }, missing);
    app.get('/app/*', { schema: { hide: true } }, missing);
    return;
  }
  // @fastify/static only sends files (ranges, ETags, no path escapes); which file a path means is decided here
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
  const page = async (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  // a browser asks the root for /favicon.ico when a page (the service's own, a PDF) names no icon: the app's icon
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').redirect('/app/favicon.svg', 301),
  );
  // /app and /app/ alike (the router ignores a trailing slash)
  app.get('/app', { schema: { hide: true } }, page);
  app.get('/app/*', { schema: { hide: true } }, async (request, reply) => {
    const wanted = (request.params as { '*': string })['*'];
    const file = path.resolve(root, wanted);
    if (file.startsWith(root + path.sep) && (await isFile(file))) {
      const hashed = HASHED_ASSET.test(`/${wanted}`);
      return reply
        .header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(wanted, root);
    }
    // a path of the app's own router
    return page(request, reply);
  });
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
