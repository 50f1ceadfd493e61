/**
 * Child process: a bare `node:http` server answering every request with one fixed response (the bytes and
 * content-type the real server returned), the baseline the Uplift server is compared with. It runs in its own
 * process so it never shares an event loop with autocannon.
 *
 * Protocol (IPC): the parent sends one BareResponse; the child answers { port } once listening.
 */
import http from 'node:http';

export interface BareResponse {
  status: number;
  contentType: string;
  bodyBase64: string;
}

export interface BareReady {
  port: number;
}

process.once('message', (message: BareResponse) => {
  const body = Buffer.from(message.bodyBase64, 'base64');
  const headers = { 'content-type': message.contentType, 'content-length': String(body.length) };
  const server = http.createServer((_request, response) => {
    response.writeHead(message.status, headers);
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') process.send?.({ port: address.port } satisfies BareReady);
  });
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
});

// The parent went away (crashed or was killed): do not linger.
process.once('disconnect', () => process.exit(0));
