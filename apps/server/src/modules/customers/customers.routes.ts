import {
  changePasswordSchema,
  customerSchema,
  emailOnlySchema,
  loginSchema,
  messageResponseSchema,
  resendEmailOtpSchema,
  sessionResponseSchema,
  signupResponseSchema,
  signupSchema,
  verifyEmailSchema,
  verifyOtpSchema,
} from '@shop/contract/customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { answerPrivately, customerOf, requireCustomer } from '../../http/authenticate.ts';
import { customerDetails, logIn, logOut } from './customers-login.service.ts';
import {
  changePassword,
  requestPasswordReset,
  verifyPasswordResetCode,
} from './customers-password.service.ts';
import { resendVerificationCode, signUp, verifyEmail } from './customers-signup.service.ts';

/** Customer accounts (product rules §7 /customers/*): sign-up, e-mail codes, login, password reset, details. */
export async function customersRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const fullOrReset = requireCustomer(ctx, ['full', 'password_reset']);

  api.post(
    '/customers',
    { schema: { tags, body: signupSchema, response: { 200: signupResponseSchema } } },
    async (request) => signUp(ctx, request.body, request.ip),
  );

  api.post(
    '/customers/verify_email_otp',
    {
      onRequest: answerPrivately,
      schema: { tags, body: verifyEmailSchema, response: { 200: sessionResponseSchema } },
    },
    async (request) => verifyEmail(ctx, request.body, request.ip),
  );

  api.post(
    '/customers/resend_email_otp',
    { schema: { tags, body: resendEmailOtpSchema, response: { 200: messageResponseSchema } } },
    async (request) => resendVerificationCode(ctx, request.body, request.ip),
  );

  api.post(
    '/customers/login',
    {
      onRequest: answerPrivately,
      schema: { tags, body: loginSchema, response: { 200: sessionResponseSchema } },
    },
    async (request) => logIn(ctx, request.body, request.ip),
  );

  api.post(
    '/customers/forgot_email_password',
    { schema: { tags, body: emailOnlySchema, response: { 200: messageResponseSchema } } },
    async (request) => requestPasswordReset(ctx, request.body, request.ip),
  );

  api.post(
    '/customers/verify_email_forgot_password_otp',
    { schema: { tags, body: verifyOtpSchema, response: { 200: messageResponseSchema } } },
    async (request) => verifyPasswordResetCode(ctx, request.body, request.ip),
  );

  api.post(
    '/customers/change_password',
    {
      onRequest: fullOrReset,
      schema: { tags, body: changePasswordSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => changePassword(ctx, customerOf(request), request.body),
  );

  // A token from a reset code may read its own customer (its login answer already carried it):
  // the product's protected wrapper asks customers/details on /change-password too, and an
  // 'Unauthorized' there would end the session before the new password is set (§2, §6).
  api.get(
    '/customers/details',
    { onRequest: fullOrReset, schema: { tags, response: { 200: customerSchema } } },
    async (request) => customerDetails(ctx, customerOf(request)),
  );

  api.post(
    '/customers/logout',
    { onRequest: fullOrReset, schema: { tags, response: { 200: messageResponseSchema } } },
    async (request) => logOut(ctx, customerOf(request)),
  );
}
