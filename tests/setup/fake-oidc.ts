import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/** What the next consenting "user" is; a test sets it before following the authorize redirect. */
export interface FakeUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  user: FakeUser;
}

export interface FakeOidc {
  /** The issuer (http://127.0.0.1:PORT), what GOOGLE_ISSUER / FACEBOOK_ISSUER point at. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who consents next (auto-consent: /authorize redirects straight back with a code). */
  user: FakeUser;
  /** Makes the next ID tokens wrong in one way, to see the shop refuse them (null: correct). */
  tamper: 'nonce' | 'audience' | 'issuer' | null;
  /** Token requests answered and what the fake said, newest last. */
  tokenLog: { status: number; error?: string }[];
  /** Every authorize request's query, newest last. */
  authorizeLog: URLSearchParams[];
  close(): Promise<void>;
}

const KID = 'fake-key-1';

/**
 * A small OpenID Connect provider on node:http for tests: discovery, JWKS (an RS256 key made with
 * jose), an authorize endpoint that consents at once and redirects with a code, and a token
 * endpoint that checks the client secret, the redirect URI, single use of the code and the PKCE
 * verifier against the S256 challenge, then signs an ID token with the chosen claims and nonce.
 */
export async function startFakeOidc(
  options: {
    clientId?: string;
    clientSecret?: string;
    /** Publish discovery without token_endpoint, as Facebook does (its tokens come from the Graph API). */
    withoutTokenEndpoint?: boolean;
  } = {},
): Promise<FakeOidc> {
  const clientId = options.clientId ?? 'shop-client';
  const clientSecret = options.clientSecret ?? 'shop-secret';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();

  const fake: FakeOidc = {
    issuer: '',
    clientId,
    clientSecret,
    user: { sub: 'fake-user-1', email: 'fake@example.sk', email_verified: true },
    tamper: null,
    tokenLog: [],
    authorizeLog: [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // The shop's fetch keeps connections alive; they would hold close() open.
        server.closeAllConnections();
      }),
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: 'server_error', error_description: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', fake.issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return send(res, 200, {
        issuer: fake.issuer,
        authorization_endpoint: `${fake.issuer}/authorize`,
        ...(options.withoutTokenEndpoint ? {} : { token_endpoint: `${fake.issuer}/token` }),
        jwks_uri: `${fake.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        scopes_supported: ['openid', 'email'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return send(res, 200, { keys: [jwk] });
    if (req.method === 'GET' && url.pathname === '/authorize') return authorize(url.searchParams, res);
    if (req.method === 'POST' && url.pathname === '/token') return token(new URLSearchParams(await body(req)), req.headers.authorization, res);
    return send(res, 404, { error: 'not_found' });
  }

  function authorize(q: URLSearchParams, res: ServerResponse) {
    fake.authorizeLog.push(q);
    const redirectUri = q.get('redirect_uri');
    // Like a real provider: a bad client or redirect URI gets an error page, never a redirect.
    if (q.get('client_id') !== clientId || !redirectUri) return send(res, 400, { error: 'invalid_request' });
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const challenge = q.get('code_challenge');
    if (q.get('response_type') !== 'code' || !challenge || q.get('code_challenge_method') !== 'S256' || !q.get('scope')?.split(' ').includes('openid')) {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = randomBytes(16).toString('base64url');
      codes.set(code, { clientId, redirectUri, challenge, nonce: q.get('nonce') ?? undefined, user: { ...fake.user } });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.href }).end();
  }

  async function token(form: URLSearchParams, authorization: string | undefined, res: ServerResponse) {
    const refuse = (error: string, status = 400) => {
      fake.tokenLog.push({ status, error });
      send(res, status, { error });
    };
    const [id, secret] = clientCredentials(form, authorization);
    if (id !== clientId || secret !== clientSecret) return refuse('invalid_client', 401);
    if (form.get('grant_type') !== 'authorization_code') return refuse('unsupported_grant_type');
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code);
    if (!issued || issued.redirectUri !== form.get('redirect_uri')) return refuse('invalid_grant');
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge) return refuse('invalid_grant');
    const idToken = await signIdToken(
      privateKey,
      fake.tamper === 'issuer' ? 'http://127.0.0.1:1' : fake.issuer,
      fake.tamper === 'audience' ? 'someone-else' : clientId,
      fake.tamper === 'nonce' ? { ...issued, nonce: 'another-nonce' } : issued,
    );
    fake.tokenLog.push({ status: 200 });
    send(res, 200, { access_token: randomBytes(16).toString('base64url'), token_type: 'Bearer', expires_in: 3600, id_token: idToken });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function signIdToken(key: CryptoKey, issuer: string, audience: string, issued: IssuedCode): Promise<string> {
  const { sub, ...claims } = issued.user;
  return new SignJWT({ ...claims, ...(issued.nonce ? { nonce: issued.nonce } : {}) })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

/** client_secret_post or client_secret_basic. */
function clientCredentials(form: URLSearchParams, authorization: string | undefined): [string | null, string | null] {
  if (authorization?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString().split(':');
    return [decodeURIComponent(id ?? ''), decodeURIComponent(secret ?? '')];
  }
  return [form.get('client_id'), form.get('client_secret')];
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text)).on('error', reject);
  });
}

function send(res: ServerResponse, status: number, json: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(json));
}
