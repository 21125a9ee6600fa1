/**
 * Statements the bot runs on every act and every post, prepared once per connection and kept: the
 * query is built and its SQL compiled on first use only, where a plain drizzle call builds and
 * prepares it again each time. Made on first use rather than when the store opens, because a
 * connection opened without migrating (a render worker's, a read-only tool's) may not have the
 * tables yet.
 */
export function preparedOnce<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
