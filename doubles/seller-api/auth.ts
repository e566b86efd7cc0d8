/** Bearer tokens: one fixed token plus JWT-looking tokens issued by POST /api/v1/auth/token. */
import { createHmac } from "node:crypto";

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

export class AuthStore {
  /** issued token -> expiry (ms since epoch) */
  private readonly issued = new Map<string, number>();
  private counter = 0;

  constructor(
    readonly fixedToken: string,
    readonly clientId: string | undefined,
    readonly clientSecret: string | undefined,
    private readonly ttlSeconds: number,
  ) {}

  get clientCredentialsEnabled(): boolean {
    return this.clientId !== undefined && this.clientSecret !== undefined;
  }

  issue(): { accessToken: string; expiresIn: number; tokenType: "Bearer" } {
    const now = Math.floor(Date.now() / 1000);
    const jti = ++this.counter;
    const head = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({
      sub: this.clientId,
      iss: "seller-api-sandbox",
      iat: now,
      exp: now + this.ttlSeconds,
      jti: `sbx-${jti}`,
    })}`;
    const sig = createHmac("sha256", "sandbox-secret").update(head).digest("base64url");
    const accessToken = `${head}.${sig}`;
    this.issued.set(accessToken, Date.now() + this.ttlSeconds * 1000);
    return { accessToken, expiresIn: this.ttlSeconds, tokenType: "Bearer" };
  }

  /** True for `Bearer <fixed or live issued token>` (scheme case-insensitive). */
  check(header: string | undefined): boolean {
    const m = /^Bearer ([^\s]+)$/i.exec(header ?? "");
    if (!m) return false;
    const token = m[1]!;
    if (token === this.fixedToken) return true;
    const exp = this.issued.get(token);
    return exp !== undefined && exp > Date.now();
  }

  /** Every issued token (not the fixed one) stops working. */
  expireAll(): void {
    for (const t of this.issued.keys()) this.issued.set(t, 0);
  }
}
