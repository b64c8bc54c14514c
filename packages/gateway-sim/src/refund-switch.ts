import type { FastifyInstance } from 'fastify';
import { isRecord } from './sim-common.ts';

/**
 * How a simulator settles the refunds it accepts, so the shop's failure and polling paths run
 * offline: `failNext` refunds fail (then the switch goes back to processing), and with `hold`
 * refunds stay pending until `settle` is called.
 */
export class RefundSwitch {
  failNext = 0;
  hold = false;

  /** The outcome of the next accepted refund. */
  take(): 'fail' | 'hold' | 'process' {
    if (this.failNext > 0) {
      this.failNext -= 1;
      return 'fail';
    }
    return this.hold ? 'hold' : 'process';
  }

  /** `POST {prefix}/__control/refunds` `{fail_next?: number, hold?: boolean}` → the switch's state. */
  register(app: FastifyInstance, routeConfig: Record<string, unknown>) {
    app.post('/__control/refunds', { config: routeConfig }, async (request, reply) => {
      const body = isRecord(request.body) ? request.body : {};
      if (body.fail_next !== undefined) {
        if (typeof body.fail_next !== 'number' || !Number.isInteger(body.fail_next) || body.fail_next < 0) {
          return reply.code(400).send({ error: 'fail_next must be a non-negative integer' });
        }
        this.failNext = body.fail_next;
      }
      if (body.hold !== undefined) {
        if (typeof body.hold !== 'boolean') return reply.code(400).send({ error: 'hold must be a boolean' });
        this.hold = body.hold;
      }
      return reply.send({ fail_next: this.failNext, hold: this.hold });
    });
  }
}
