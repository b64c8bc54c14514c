import { developmentSecretsKey, secretsKeyFrom } from '@shop/db/secret-box';
import { demoGatewaySecrets } from '@shop/db/seed/demo-gateways';
import {
  type Config,
  type ConfigProblem,
  DEVELOPMENT_CAPTCHA_KEY,
  formatProblems,
  readConfig,
} from './env.ts';
import { gatewayMode, type OnlineGateway } from './modules/payments/gateway-settings.ts';

/**
 * What a production start refuses. Development runs on public demo values (the gateway keys the
 * simulators accept, a captcha key in the source, no mail server); in production any of them would
 * let a stranger sign webhooks, forge captchas, or pay with a test card, and a missing mail server
 * would silently keep customers' codes in a table. So `NODE_ENV=production` needs each of these
 * set on purpose, and the start lists every problem at once with the variable to set.
 */

const SECRET_HINT = 'a random secret of at least 16 characters (e.g. `openssl rand -hex 32`)';

const SECRETS_KEY_HINT =
  '32 random bytes as 64 hex digits (`openssl rand -hex 32`); it seals the staff TOTP secrets and the gateway keys saved in the database, so keep it: under another key they cannot be read';

/** Every value the demo shop publishes: its seeded gateway credentials and the development captcha key. */
const DEMO_VALUES = new Set<string>([DEVELOPMENT_CAPTCHA_KEY, ...demoGatewaySecrets]);

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

interface GatewayRules {
  label: string;
  modeVariable: string;
  /** Variables a gateway that is not off needs, with what each is. */
  required: Array<{ variable: keyof Config; what: string }>;
  urls: Array<keyof Config>;
  /** A problem with the live key in live mode (e.g. a Razorpay test key). */
  liveKeyProblem?: (config: Config) => ConfigProblem | undefined;
}

const GATEWAYS: Record<OnlineGateway, GatewayRules> = {
  razorpay: {
    label: 'Razorpay',
    modeVariable: 'RAZORPAY_MODE',
    required: [
      { variable: 'RAZORPAY_KEY_ID', what: 'key id' },
      { variable: 'RAZORPAY_KEY_SECRET', what: 'key secret' },
      { variable: 'RAZORPAY_WEBHOOK_SECRET', what: 'webhook secret' },
    ],
    urls: ['RAZORPAY_BASE_URL', 'RAZORPAY_SCRIPT_URL'],
    liveKeyProblem: (config) =>
      config.RAZORPAY_KEY_ID && !config.RAZORPAY_KEY_ID.startsWith('rzp_live_')
        ? {
            variable: 'RAZORPAY_KEY_ID',
            problem:
              'not a live key (rzp_live_…); set the live key id, or RAZORPAY_MODE=test to take test payments',
          }
        : undefined,
  },
  paytm: {
    label: 'Paytm',
    modeVariable: 'PAYTM_MODE',
    required: [
      { variable: 'PAYTM_MID', what: 'merchant id (MID)' },
      { variable: 'PAYTM_MERCHANT_KEY', what: 'merchant key' },
    ],
    urls: ['PAYTM_BASE_URL'],
  },
  paypal: {
    label: 'PayPal',
    modeVariable: 'PAYPAL_MODE',
    required: [
      { variable: 'PAYPAL_CLIENT_ID', what: 'client id' },
      { variable: 'PAYPAL_CLIENT_SECRET', what: 'client secret' },
      { variable: 'PAYPAL_WEBHOOK_ID', what: 'webhook id' },
    ],
    urls: ['PAYPAL_BASE_URL', 'PAYPAL_SCRIPT_URL'],
  },
};

function gatewayProblems(config: Config, gateway: OnlineGateway): ConfigProblem[] {
  const rules = GATEWAYS[gateway];
  const mode = gatewayMode(config, gateway) ?? 'live';
  if (mode === 'off') return [];
  const problems: ConfigProblem[] = [];
  const keys = mode === 'live' ? 'live' : 'test';
  for (const { variable, what } of rules.required) {
    const value = config[variable];
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push({
        variable,
        problem:
          mode === 'live'
            ? `unset; ${rules.label} takes live payments (the production default): set its live ${what}, or ${rules.modeVariable}=test for its test system, or ${rules.modeVariable}=off to not offer it`
            : `unset; ${rules.label} is in test mode: set its test ${what}, or ${rules.modeVariable}=off to not offer it`,
      });
    } else if (DEMO_VALUES.has(value)) {
      problems.push({
        variable,
        problem: `is the demo shop's public ${rules.label} ${what}; set the shop's own ${keys} ${what}`,
      });
    }
  }
  if (gateway === 'paytm' && config.PAYTM_MERCHANT_KEY && config.PAYTM_MERCHANT_KEY.length !== 16) {
    problems.push({ variable: 'PAYTM_MERCHANT_KEY', problem: 'a Paytm merchant key has 16 characters' });
  }
  if (mode === 'live') {
    const live = rules.liveKeyProblem?.(config);
    if (live && !problems.some((p) => p.variable === live.variable)) problems.push(live);
  }
  for (const variable of rules.urls) {
    const url = config[variable];
    if (typeof url === 'string' && new URL(url).protocol !== 'https:') {
      problems.push({
        variable,
        problem: `${rules.label} must be reached over https; unset it for ${rules.label}'s own host`,
      });
    }
  }
  return problems;
}

/** Everything that makes a configuration unfit for production, one entry per variable to set. */
export function productionProblems(config: Config): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!config.CAPTCHA_HMAC_KEY) {
    problems.push({ variable: 'CAPTCHA_HMAC_KEY', problem: `unset; set ${SECRET_HINT}` });
  } else if (DEMO_VALUES.has(config.CAPTCHA_HMAC_KEY)) {
    problems.push({
      variable: 'CAPTCHA_HMAC_KEY',
      problem: `is the public development key; set ${SECRET_HINT}`,
    });
  }
  if (!config.SECRETS_KEY) {
    problems.push({ variable: 'SECRETS_KEY', problem: `unset; set ${SECRETS_KEY_HINT}` });
  } else if (secretsKeyFrom(config.SECRETS_KEY).equals(developmentSecretsKey())) {
    problems.push({
      variable: 'SECRETS_KEY',
      problem: `is the public development key; set ${SECRETS_KEY_HINT}`,
    });
  }
  if (!config.PUBLIC_URL) {
    problems.push({
      variable: 'PUBLIC_URL',
      problem:
        "unset; set the shop's public https address (e.g. https://www.kesarfoods.in), used in e-mails and links",
    });
  } else {
    const url = new URL(config.PUBLIC_URL);
    if (url.protocol !== 'https:' && !isLocalhost(url.hostname)) {
      problems.push({
        variable: 'PUBLIC_URL',
        problem: `${config.PUBLIC_URL} is not https; set the https address`,
      });
    }
  }
  if (!config.SMTP_URL) {
    problems.push({
      variable: 'SMTP_URL',
      problem:
        'unset; set the mail server (smtp://user:password@host:587), or sign-up codes and order mails are never sent',
    });
  }
  if (config.GATEWAY_SIMULATOR === 'on') {
    problems.push({
      variable: 'GATEWAY_SIMULATOR',
      problem: 'the payment simulators approve any payment; unset it (they are for development)',
    });
  }
  for (const gateway of Object.keys(GATEWAYS) as OnlineGateway[])
    problems.push(...gatewayProblems(config, gateway));
  return problems;
}

/**
 * The server's configuration: every malformed value and, with NODE_ENV=production, every unsafe
 * one, reported together in one error; otherwise the configuration.
 */
export function loadServerConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const { config, problems } = readConfig(source);
  if (config.isProduction) {
    const reported = new Set(problems.map((p) => p.variable));
    problems.push(...productionProblems(config).filter((p) => !reported.has(p.variable)));
    if (problems.length > 0) {
      throw new Error(
        formatProblems(
          `The shop does not start in production with this configuration (${problems.length} to fix; .env.example lists every variable):`,
          problems,
        ),
      );
    }
  }
  if (problems.length > 0) throw new Error(formatProblems('Invalid configuration:', problems));
  return config;
}
