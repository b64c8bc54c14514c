import { messages } from '@shop/contract/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendNamedError } from '../plugins/error-handler.ts';

/**
 * A URL the router cannot even decode (bad percent-encoding such as /page/%E0%A4). The API answers
 * in its named error shape; a shopper's browser asking for a storefront page gets a small page
 * in the 404 page's words with a way home instead of a JSON body. It cannot be the storefront's
 * own error page: that renders through the router, which is what rejected the URL.
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
<title>400 | Bad address</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#fff8ef;color:#3b2a1e;text-align:center}
h1{font-size:4rem;margin:0;color:#8a1c1c}
p{font-size:1.125rem;margin:.5rem 1rem 1.5rem}
a{display:inline-block;padding:.75rem 1.5rem;border-radius:8px;background:#a61e1e;color:#fff;text-decoration:none;font-weight:600}
</style>
</head>
<body>
<main>
<h1>400</h1>
<p>${messages.pageNotFound}</p>
<a href="/">Back to home</a>
</main>
</body>
</html>
`;
