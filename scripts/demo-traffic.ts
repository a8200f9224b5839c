/**
 * `npm run demo:traffic`: drives the sample product Notification > Email with realistic traffic
 * for the demo organization, so a new user sees usage and charts move: sends to one to three
 * recipients at a rate that rises and falls, some recipients that fail (`.invalid` domains), some
 * malformed requests, a few calls with a wrong SecretKey, and opens of part of the mails sent (the
 * tracking pixel, read from the console's dev outbox). Every call goes through the product's
 * public API, which checks the Appkey with the console and reports usage and metrics to it.
 *
 *   npm run demo:traffic                       # 5 minutes at about 2 requests/s, console on :8080
 *   npm run demo:traffic -- --minutes 30 --rate 5
 *   npm run demo:traffic -- --app-key … --secret-key …   # the keys of the URL & Appkey modal
 *
 * Settings: CONSOLE_URL (http://localhost:8080), EMAIL_PRODUCT_URL (the console's PORT + 1),
 * DEMO_EMAIL (owner@demo.example.com), DEMO_PASSWORD (Console#2026), DEMO_PROJECT (Web Service).
 * Without --app-key the script signs in as the demo OWNER and reads the project's Email Appkey and
 * SecretKey from the console (the service must be enabled in that project: Services in the console).
 */
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    rate: { type: 'string', default: '2' },
    'app-key': { type: 'string' },
    'secret-key': { type: 'string' },
    project: { type: 'string' },
  },
});

const consoleUrl = (process.env.CONSOLE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const productUrl = (process.env.EMAIL_PRODUCT_URL ?? `http://localhost:${Number(new URL(consoleUrl).port || 80) + 1}`).replace(/\/+$/, '');
const minutes = Number(args.minutes);
const rate = Number(args.rate);
if (!(minutes > 0) || !(rate > 0) || rate > 200) throw new Error('--minutes must be > 0 and --rate between 0 and 200 requests/s');

/** The "Product in use" call of the console (spec §7: projects/{projectId}/products/{productId}), answering appKey and secretKey. */
const PRODUCT_IN_USE_PATH = (projectId: string) => `/api/cab/v5/projects/${projectId}/products/email`;

// ---- the console session (only to find the keys and read the dev outbox) ----

const cookies = new Map<string, string>();
async function consoleCall<T>(method: string, path: string, body?: object): Promise<{ status: number; json: T }> {
  const response = await fetch(`${consoleUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      lang: 'en_US',
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': cookies.get('csrfToken') ?? '',
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...rest] = pair!.split('=');
    cookies.set(name!.trim(), rest.join('='));
  }
  return { status: response.status, json: (await response.json().catch(() => ({}))) as T };
}

async function signIn() {
  const email = process.env.DEMO_EMAIL ?? 'owner@demo.example.com';
  const { json } = await consoleCall<{ header: { isSuccessful: boolean; resultMessage: string } }>('POST', '/api/auth/v1/login', {
    email,
    password: process.env.DEMO_PASSWORD ?? 'Console#2026',
  });
  if (!json.header?.isSuccessful) throw new Error(`signing in as ${email} failed: ${json.header?.resultMessage}`);
}

async function demoProject() {
  const name = args.project ?? process.env.DEMO_PROJECT ?? 'Web Service';
  const { json } = await consoleCall<{ projects: { projectId: string; projectName: string; projectOrgId: string }[] }>('GET', '/api/cab/v6/projects');
  const project = json.projects?.find((candidate) => candidate.projectName === name);
  if (!project) throw new Error(`no project named "${name}" for this account`);
  return project;
}

async function keys(projectId: string) {
  if (args['app-key'] && args['secret-key']) return { appKey: args['app-key'], secretKey: args['secret-key'] };
  const { status, json } = await consoleCall<{ header?: { isSuccessful: boolean; resultMessage: string }; product?: { appKey?: string; secretKey?: string }; appKey?: string; secretKey?: string }>(
    'GET',
    PRODUCT_IN_USE_PATH(projectId),
  );
  const found = json.product ?? json;
  if (status !== 200 || !found.appKey || !found.secretKey) {
    throw new Error(
      `could not read the project's Email Appkey and SecretKey (HTTP ${status}: ${json.header?.resultMessage ?? 'no answer'}). ` +
        'Enable Email in the project (console: Services), or pass --app-key and --secret-key from its URL & Appkey modal.',
    );
  }
  return { appKey: found.appKey, secretKey: found.secretKey };
}

// ---- traffic ----

const FIRST = ['min', 'yuna', 'jisoo', 'haruto', 'sakura', 'wei', 'li', 'alex', 'sam', 'jordan', 'taylor', 'chris'];
const SUBJECTS = ['Your order has shipped', 'Weekly report', 'Password changed', 'Invoice for November', 'Welcome aboard', 'Maintenance notice', 'Event invitation'];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const recipient = () => `${pick(FIRST)}.${Math.floor(Math.random() * 500)}@${Math.random() < 0.08 ? 'old-customer.invalid' : pick(['example.com', 'example.org', 'demo.example.com'])}`;

const totals = { requests: 0, accepted: 0, refused: 0, invalid: 0, recipientsSent: 0, recipientsFailed: 0, opens: 0, errors: 0 };

async function send(appKey: string, secretKey: string) {
  const roll = Math.random();
  const wrongKey = roll < 0.02;
  const malformed = roll >= 0.02 && roll < 0.07;
  const receivers = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({ receiveMailAddr: recipient() }));
  totals.requests++;
  const response = await fetch(`${productUrl}/email/v2.0/appKeys/${appKey}/sender/mail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-secret-key': wrongKey ? 'NotTheSecretKey' : secretKey },
    body: JSON.stringify({
      senderAddress: malformed ? 'not-an-address' : 'news@demo-corp.example.com',
      senderName: 'Demo Corp',
      title: pick(SUBJECTS),
      body: `Hello,\n\nThis is a demo mail sent at ${new Date().toISOString()}.\n\nDemo Corp`,
      receiverList: receivers,
    }),
  });
  const json = (await response.json().catch(() => ({}))) as { body?: { data?: { results?: { mailStatusCode: string }[] } } };
  if (response.status === 401) totals.refused++;
  else if (response.status === 400) totals.invalid++;
  else if (response.ok) {
    totals.accepted++;
    for (const result of json.body?.data?.results ?? []) {
      if (result.mailStatusCode === 'SENT') totals.recipientsSent++;
      else totals.recipientsFailed++;
    }
  } else totals.errors++;
}

/** Opens about 40 % of the product's mails in the dev outbox once (and some twice), as recipients reading them would. */
const opened = new Set<string>();
async function openSome(orgId: string) {
  const { status, json } = await consoleCall<{ mails?: { mailId: string; html: string }[] }>('GET', `/api/console/v1/dev-outbox?orgId=${orgId}&limit=100`);
  if (status !== 200) return false;
  for (const mail of json.mails ?? []) {
    const pixel = /<img src="([^"]+\/o\/[^"]+\.gif)"/.exec(mail.html)?.[1];
    if (!pixel || opened.has(mail.mailId)) continue;
    opened.add(mail.mailId);
    if (Math.random() >= 0.4) continue;
    for (let time = 0; time < (Math.random() < 0.25 ? 2 : 1); time++) {
      await fetch(pixel.replace(/&amp;/g, '&'));
      totals.opens++;
    }
  }
  return true;
}

await signIn();
const project = await demoProject();
const { appKey, secretKey } = await keys(project.projectId);
process.stdout.write(`Driving ${productUrl} for "${project.projectName}" (Appkey ${appKey}) for ${minutes} min at about ${rate} requests/s. Ctrl-C stops.\n`);

const end = Date.now() + minutes * 60_000;
const run = { stopping: false };
process.once('SIGINT', () => (run.stopping = true));
let lastOpen = 0;
let lastPrint = Date.now();
let outboxVisible = true;
while (!run.stopping && Date.now() < end) {
  // A rate that rises and falls over ten minutes (0.3× to 1.7×), so charts show a shape.
  const factor = 1 + 0.7 * Math.sin((Date.now() / 600_000) * 2 * Math.PI);
  const delay = -Math.log(1 - Math.random()) * (1000 / (rate * factor));
  await new Promise((resolve) => setTimeout(resolve, Math.min(delay, 10_000)));
  await send(appKey, secretKey).catch(() => totals.errors++);
  if (outboxVisible && Date.now() - lastOpen > 5_000) {
    lastOpen = Date.now();
    outboxVisible = await openSome(project.projectOrgId).catch(() => false);
    if (!outboxVisible) process.stdout.write('The dev outbox is not readable (SMTP configured?): opens are not simulated.\n');
  }
  if (Date.now() - lastPrint > 10_000) {
    lastPrint = Date.now();
    process.stdout.write(`${new Date().toISOString()} ${JSON.stringify(totals)}\n`);
  }
}
process.stdout.write(`Done: ${JSON.stringify(totals)}\n`);
