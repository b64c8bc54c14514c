import { messages } from '@shop/contract/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendNamedError } from '../plugins/error-handler.ts';

/**
 * A URL the router cannot even decode (bad percent-encoding such as /page/%E0%A4). The API answers
 * in its named error shape; a shopper's browser asking for a storefront page gets a small page
 * in the words of the storefront's error page (spec §2: "Any routing error shows an error page
 * titled Unexpected Application Error!") with a way home instead of a JSON body. It cannot be
 * that page itself: it renders through the router, which is what rejected the URL.
 */
export function sendMalformedUrl(request: FastifyRequest, reply: FastifyReply) {
  const wantsPage =
    !request.raw.url?.startsWith('/backend/') && (request.headers.accept ?? '').includes('text/html');
  if (!wantsPage) return sendNamedError(reply, 400, 'The request URL is malformed.');
  return reply.code(400).type('text/html; charset=utf-8').send(PAGE);
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${messages.unexpectedError}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#fff8ef;color:#3b2a1e;text-align:center}
h1{font-size:2.25rem;margin:0;color:#8a1c1c}
p{font-size:1.125rem;margin:.5rem 1rem 1.5rem}
a{display:inline-block;padding:.75rem 1.5rem;border-radius:8px;background:#a61e1e;color:#fff;text-decoration:none;font-weight:600}
</style>
</head>
<body>
<main>
<h1>${messages.unexpectedError}</h1>
<p>${messages.oops}</p>
<a href="/">Back to home</a>
</main>
</body>
</html>
`;
