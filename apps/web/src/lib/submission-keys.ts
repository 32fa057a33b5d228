/**
 * One `Idempotency-Key` per submission of a form (docs/decisions/039). The same request sent again (a retry after
 * a network failure or a server error, or the person pressing submit again after an error without changing
 * anything) carries the same key, so the server makes what it asks for once and answers the first answer again;
 * a changed request, or the next one after a success, gets a new key.
 */
export class SubmissionKeys {
  private current: { request: string; key: string } | undefined;

  /** The key of this request (its body as text): the last key again when the request is the same. */
  keyFor(request: string): string {
    if (this.current?.request !== request) this.current = { request, key: crypto.randomUUID() };
    return this.current.key;
  }

  /** The request with this key succeeded: the next submission is a new one. */
  succeeded(key: string): void {
    if (this.current?.key === key) this.current = undefined;
  }
}
