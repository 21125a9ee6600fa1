/**
 * The store's public face is asynchronous (PostgreSQL's drivers are), while SQLite's queries run
 * synchronously on one connection. `Async<T>` is a query interface with every answer a Promise.
 */
export type Async<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : T[K] };
