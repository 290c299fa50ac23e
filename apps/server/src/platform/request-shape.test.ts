import { connect, type Socket } from 'node:net';
import { failureEnvelopeSchema } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, nextIp, siteHeaders, type TestApp } from '../testing/app.ts';
import { clientErrorHandler, MAX_HEADER_BYTES } from './http.ts';

/** Sends raw bytes to the listening server and reads its whole answer (it closes the socket). */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(bytes);
  });
}

function parseRaw(answer: string) {
  const [head, body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
  return { status, head: head ?? '', envelope: failureEnvelopeSchema.parse(JSON.parse(body)) };
}

describe.each(engines)('request shape rules (%s)', (engine) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  it('answers an oversized header with the JSON envelope (431)', async () => {
    const answer = await rawRequest(
      port,
      `GET /wps/system/status HTTP/1.1\r\nHost: x\r\nMerchant: AURUM\r\nX-Big: ${'a'.repeat(MAX_HEADER_BYTES + 1)}\r\n\r\n`,
    );
    const { status, head, envelope } = parseRaw(answer);
    expect(status).toBe(431);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(envelope).toMatchObject({ success: false, errorCode: 'request.header.too.large' });
  });

  it('answers an oversized URL with the JSON envelope (431)', async () => {
    const answer = await rawRequest(
      port,
      `GET /wps/system/status?x=${'b'.repeat(MAX_HEADER_BYTES + 1)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    const { status, envelope } = parseRaw(answer);
    expect(status).toBe(431);
    expect(envelope.errorCode).toBe('request.header.too.large');
  });

  it('answers bytes that are not HTTP with the JSON envelope (400)', async () => {
    const { status, envelope } = parseRaw(await rawRequest(port, 'HELLO\r\n\r\n'));
    expect(status).toBe(400);
    expect(envelope.errorCode).toBe('request.malformed');
  });

  it('still serves a request whose headers fit', async () => {
    const answer = await rawRequest(
      port,
      `GET /wps/system/status HTTP/1.1\r\nHost: x\r\nMerchant: AURUM\r\nX-Fill: ${'c'.repeat(8 * 1024)}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('refuses a form-encoded body on a JSON call (415), and changes nothing', async () => {
    for (const [method, url] of [
      ['POST', '/wps/session/login'],
      ['PUT', '/wps/member/language'],
      ['POST', '/wps/verification/sms/noLogin'],
      ['POST', '/ops/command'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...siteHeaders(), 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payload: 'value=x&language=CN',
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, url).toBe(415);
      const envelope = failureEnvelopeSchema.parse(res.json());
      expect(envelope.errorCode).toBe('media.unsupported');
      expect(envelope.details).toEqual({ 'content-type': 'application/json' });
    }
  });

  it('takes a form-encoded body on the one call of the specification that is sent so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { ...siteHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=nobody&email=nobody%40example.com',
      remoteAddress: nextIp(),
    });
    // Read and checked: an unknown member, not a refused content type.
    expect(res.json().errorCode).toBe('user.or.email.not.exist');
  });

  it('takes the empty form an HTML page posts (the sandbox payment page buttons)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/pay/sp_${'a'.repeat(24)}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('keeps an unknown path a 404, whatever its body type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/no/such/call',
      headers: { ...siteHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a GET that carries a body (400)', async () => {
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/wps/system/status',
        headers: { ...siteHeaders(), ...headers },
        payload: '{"a":1}',
      });
      expect(res.statusCode).toBe(400);
      expect(failureEnvelopeSchema.parse(res.json())).toMatchObject({
        errorCode: 'request.invalid',
        details: { '(request)': 'a GET request has no body' },
      });
    }
    const chunked = parseRaw(
      await rawRequest(
        port,
        'GET /wps/system/status HTTP/1.1\r\nHost: x\r\nMerchant: AURUM\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n1\r\na\r\n0\r\n\r\n',
      ),
    );
    expect(chunked.status).toBe(400);
    expect(chunked.envelope.errorCode).toBe('request.invalid');
  });

  it('serves a GET with an empty body as usual', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ...siteHeaders(), 'content-length': '0' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the HTTP layer’s refusals', () => {
  /** A socket that keeps what is written to it. */
  const fakeSocket = (writable = true) => {
    const written: string[] = [];
    const socket = {
      destroyed: false,
      writable,
      write: (s: string) => written.push(s),
      destroy: () => {
        socket.destroyed = true;
      },
    };
    return { socket: socket as unknown as Socket, written, state: socket };
  };

  it('answers a request that arrives too slowly with the envelope (408)', () => {
    const { socket, written, state } = fakeSocket();
    clientErrorHandler(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    expect(written[0]).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(written[0]!.split('\r\n\r\n')[1]!)).toMatchObject({ errorCode: 'request.timeout' });
    expect(state.destroyed).toBe(true);
  });

  it('writes nothing to a reset or closed connection', () => {
    const reset = fakeSocket();
    clientErrorHandler(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), reset.socket);
    expect(reset.written).toEqual([]);
    const closed = fakeSocket(false);
    clientErrorHandler(Object.assign(new Error('x'), { code: 'HPE_INVALID_METHOD' }), closed.socket);
    expect(closed.written).toEqual([]);
    expect(closed.state.destroyed).toBe(true);
  });
});
