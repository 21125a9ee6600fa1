/**
 * The league repositories answer with Promises, because the store is becoming asynchronous (PostgreSQL);
 * on SQLite the work is done when the method is called and the Promise is already settled. They are not
 * `async` functions on purpose: a failed write throws at the call, so a synchronous `store.transaction`
 * that calls one still rolls back.
 */
export const settled = <T>(value: T): Promise<T> => Promise.resolve(value);
