/**
 * Child process: a bare `node:http` server answering every request with one fixed response (the bytes and
 * content-type the real server returned), the baseline the Uplift server is compared with. It runs in its own
 * process so it never shares an event loop with autocannon. With `framework: 'fastify'` the same answer
 * comes from Fastify with one route and nothing else: what the framework alone costs on this machine.
 *
 * Protocol (IPC): the parent sends one BareResponse; the child answers { port } once listening.
 */
import http from 'node:http';
import Fastify from 'fastify';

export interface BareResponse {
  status: number;
  contentType: string;
  bodyBase64: string;
  framework?: 'node:http' | 'fastify';
}

export interface BareReady {
  port: number;
}

function announce(server: http.Server) {
  const address = server.address();
  if (address && typeof address === 'object') process.send?.({ port: address.port } satisfies BareReady);
}

process.once('message', async (message: BareResponse) => {
  const body = Buffer.from(message.bodyBase64, 'base64');
  if (message.framework === 'fastify') {
    const app = Fastify({ logger: false });
    app.get('*', (_request, reply) => {
      void reply.code(message.status).header('content-type', message.contentType).send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    announce(app.server);
    process.once('SIGTERM', () => {
      app.server.closeAllConnections();
      void app.close().then(() => process.exit(0));
    });
    return;
  }
  const headers = { 'content-type': message.contentType, 'content-length': String(body.length) };
  const server = http.createServer((_request, response) => {
    response.writeHead(message.status, headers);
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => announce(server));
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
});

// The parent went away (crashed or was killed): do not linger.
process.once('disconnect', () => process.exit(0));
