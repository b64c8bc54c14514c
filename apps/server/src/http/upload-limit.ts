import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendNamedError } from '../plugins/error-handler.ts';

/**
 * The route options of an upload that travels in a JSON body (a CSV file, a base64 image): the
 * body limit, and a 413 in words about the file ("The image is larger than 10 MB.", not "the
 * body") answered from the Content-Length, before any of the body is read.
 */
export function uploadLimit(bodyLimit: number, tooLarge: string) {
  return {
    bodyLimit,
    preParsing: async (request: FastifyRequest, reply: FastifyReply) => {
      if (Number(request.headers['content-length'] ?? 0) > bodyLimit)
        return sendNamedError(reply, 413, tooLarge);
      return undefined;
    },
  };
}

/** The JSON body of a base64 image of at most `maxBytes`: its base64 and the JSON around it. */
export const base64BodyLimit = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 16 * 1024;
