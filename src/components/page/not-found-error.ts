/** The 404 of docs/spec.md sections 2 and 8: an unknown route is "Page not found: {path}". */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';

  constructor(readonly path: string) {
    super(`Page not found: ${path}`);
  }
}
