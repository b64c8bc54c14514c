/**
 * React Router's default Node entry (streaming; bots and crawlers get the whole page at once),
 * with two changes: every inline script carries the response's content-security-policy nonce
 * (from the server's load context; React's and React Router's streamed scripts included), and
 * the document passes through `BootstrapDeferrer`, so the client scripts start after the first
 * paint (see lib/deferred-bootstrap.server.ts for why).
 */
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import type { StorefrontLoadContext } from '@shop/contract/storefront-context';
import { NonceProvider } from './lib/csp-nonce.tsx';
import { BootstrapDeferrer } from './lib/deferred-bootstrap.server.ts';

export const streamTimeout = 5_000;

/** A byte stream in, the rewritten document out; UTF-8 split across chunks is kept whole. */
function deferBootstrap(nonce: string | undefined, onFinish: () => void): Transform {
  const decoder = new StringDecoder('utf8');
  const deferrer = new BootstrapDeferrer(nonce);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = deferrer.push(decoder.write(chunk));
      callback(null, text ? Buffer.from(text) : undefined);
    },
    flush(callback) {
      onFinish();
      const text = deferrer.push(decoder.end()) + deferrer.end();
      callback(null, text ? Buffer.from(text) : undefined);
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: StorefrontLoadContext,
) {
  const nonce = loadContext?.cspNonce;
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort after `streamTimeout` so rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = deferBootstrap(nonce, () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by React Router's document handler.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
